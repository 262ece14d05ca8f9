#!/usr/bin/env node
// How much of the API suite's SQL the storage suite runs on PGlite:
//
//   node scripts/sql-coverage.mjs
//
// runs the whole API suite on a throwaway PostgreSQL and the storage suite
// (scripts/storage-suite.mjs) on PGlite, each with SQL_LOG_FILE set (apps/server/src/test/
// sql-log.ts records every distinct statement), then prints how many of the full suite's
// statements the storage suite ran and lists the others. `--compare FULL SUBSET` only compares
// two logs. Takes about 3 minutes on two cores.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storageSuite } from './storage-suite.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The statements of a log, without schema changes (PGlite's run starts from a migrated copy). */
function lines(file) {
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.length > 0 && !/^(create|alter|drop|comment) /i.test(l)),
  );
}

function run(args, env) {
  const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

let fullFile;
let subsetFile;
let dir = null;
const argv = process.argv.slice(2);
if (argv[0] === '--compare') {
  [fullFile, subsetFile] = argv.slice(1);
} else {
  dir = mkdtempSync(join(tmpdir(), 'aerie-sql-coverage-'));
  fullFile = join(dir, 'postgres.sql');
  subsetFile = join(dir, 'pglite.sql');
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  delete env.DATABASE_URL;
  run(['scripts/pg-test-server.mjs', '--', process.execPath, vitest, 'run', '--project', 'api'], {
    ...env,
    SQL_LOG_FILE: fullFile,
  });
  run([vitest, 'run', '--project', 'api', ...storageSuite], { ...env, SQL_LOG_FILE: subsetFile });
}

const full = lines(fullFile);
const subset = lines(subsetFile);
const missing = [...full].filter((s) => !subset.has(s)).sort();
const covered = full.size - missing.length;
console.log(`\nstatements of the full API suite (PostgreSQL): ${full.size}`);
console.log(
  `run by the storage suite on PGlite: ${covered} (${((100 * covered) / full.size).toFixed(1)}%)`,
);
console.log(`not run on PGlite (${missing.length}):`);
for (const s of missing) console.log(`  ${s.length > 160 ? `${s.slice(0, 157)}...` : s}`);
if (dir) rmSync(dir, { recursive: true, force: true });
