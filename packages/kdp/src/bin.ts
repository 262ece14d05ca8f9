#!/usr/bin/env node
// The `aerie-kdp` command (bin/aerie-kdp.js runs this module once built; src/cli.ts).
import { main } from './cli.js';

process.exitCode = await main(process.argv.slice(2));
