#!/usr/bin/env node
// `aerie-kdp` (src/cli.ts). Runs the built package: `npm run build -w packages/kdp`. A file of
// its own, so that npm links the command at install time, before anything is built.
import '../dist/bin.js';
