#!/usr/bin/env node
// `aerie-opt` (src/cli.ts). Runs the built package: `npm run build -w packages/options-file`
// (the root `npm run build` builds it too). A file of its own, so that npm links the command at
// install time, before anything is built.
import '../dist/bin.js';
