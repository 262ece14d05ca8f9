#!/usr/bin/env node
// The `aerie-opt` command (bin/aerie-opt.js runs this module once built; src/cli.ts).
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
