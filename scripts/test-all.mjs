#!/usr/bin/env node
// `npm test`: every check, in order, streaming each step's output:
//   packages build (contract, options file); ESLint beside typecheck, format/dependency checks,
//   the build and the browser tests' demo data; unit tests; the whole API suite on PostgreSQL;
//   the API storage suite on PGlite (scripts/storage-suite.mjs); browser tests.
// Step times and why the suite is shaped this way: docs/testing.md.
// Every step runs even after a failure (except the browser tests, which need the build); the
// exit code is non-zero if any step failed. The last line is `N passed, N failed, N skipped`.
//
// "failed" counts failing tests, test files that failed to load, and 1 for each step that failed
// without a failing test (typecheck, lint, build, a runner crash, a missing PostgreSQL in CI, a
// missing Chromium), so it is never 0 when the exit code is not.
//
// Environment: CI=true makes a missing PostgreSQL a failure (locally it is a loud skip).
// TEST_DATABASE_URL, if set and reachable, is used for the PostgreSQL step instead of a
// throwaway server. CHROMIUM_PATH overrides /usr/bin/chromium.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresNotFoundError, startTestPostgres } from './pg-test-server.mjs';
import { storageSuite } from './storage-suite.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = mkdtempSync(join(tmpdir(), 'aerie-test-all-'));
const tsx = join(
  dirname(createRequire(join(root, 'package.json')).resolve('tsx/package.json')),
  'dist/cli.mjs',
);
const vitest = join(
  dirname(createRequire(join(root, 'package.json')).resolve('vitest/package.json')),
  'vitest.mjs',
);

/** @type {{ name: string, status: 'passed'|'failed'|'skipped', seconds: number, passed: number, failed: number, skipped: number, note: string }[]} */
const results = [];
let current = null;
/** Children of side-by-side steps, stopped on an interrupt too. */
const running = new Set();
let stopPostgres = null;

const bar = '='.repeat(78);
function banner(text) {
  process.stdout.write(`\n${bar}\n== ${text}\n${bar}\n`);
}
function loud(text) {
  const line = '!'.repeat(78);
  process.stdout.write(`\n${line}\n!! ${text.split('\n').join('\n!! ')}\n${line}\n`);
}

function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    current = child;
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      current = null;
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 240);
}

/** Reads a Vitest JSON report: counts of tests, plus test files that failed outside any test. */
function readVitestReport(file) {
  if (!existsSync(file)) return null;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const loadErrors = (r.testResults ?? []).filter(
      (f) =>
        f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    const failures = [];
    const passedTests = new Set();
    for (const f of r.testResults ?? []) {
      const file = relative(root, f.name ?? '');
      const failedHere = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedHere) {
        failures.push(`${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if (f.status === 'failed' && failedHere.length === 0) {
        failures.push(`${file}: ${firstLine(f.message) || 'failed outside its tests'}`);
      }
      for (const a of f.assertionResults ?? []) {
        if (a.status === 'passed') passedTests.add(`${f.name}\n${a.title}`);
      }
    }
    return {
      failures,
      passedTests,
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + loadErrors,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      files: (r.testResults ?? []).length,
      loadErrors,
    };
  } catch (err) {
    console.error(`could not read ${file}: ${err.message}`);
    return null;
  }
}

function record(name, started, code, counts = null, note = '', flaky = []) {
  const seconds = (Date.now() - started) / 1000;
  let failed = counts?.failed ?? 0;
  if (code !== 0 && failed === 0) failed = 1; // a failing step always counts
  const status = code === 0 ? 'passed' : 'failed';
  results.push({
    name,
    status,
    seconds,
    passed: counts?.passed ?? 0,
    failed: code === 0 ? (counts?.failed ?? 0) : failed,
    skipped: counts?.skipped ?? 0,
    note,
    failures: counts?.failures ?? [],
    flaky,
  });
  process.stdout.write(
    `\n-- ${name}: ${status.toUpperCase()} in ${seconds.toFixed(1)} s${note ? ` (${note})` : ''}\n`,
  );
}

function skip(name, note, fail = false) {
  results.push({
    name,
    status: fail ? 'failed' : 'skipped',
    seconds: 0,
    passed: 0,
    failed: fail ? 1 : 0,
    skipped: 0,
    note,
  });
}

/** Runs a command with its output collected (for steps that run side by side). */
function runCollected(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => {
      running.delete(child);
      resolve({ code: 127, output: `could not run ${cmd}: ${err.message}\n` });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() });
    });
  });
}

/**
 * Lanes of steps side by side: the type checker and ESLint are single-threaded, so on two
 * cores two lanes take about as long as the longest one. Each step's output is collected and
 * printed in full when it ends, so lanes never interleave their lines.
 */
async function sideBySide(lanes) {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [name, cmd, args] of lane) {
        const started = Date.now();
        const { code, output } = await runCollected(cmd, args);
        banner(`${name} (side by side)`);
        process.stdout.write(output);
        record(name, started, code);
      }
    }),
  );
}

async function commandStep(name, cmd, args) {
  banner(name);
  const started = Date.now();
  const code = await run(cmd, args);
  record(name, started, code);
  return code === 0;
}

/** Runs `node SCRIPT ARGS` where SCRIPT is Vitest (or a wrapper of it) and reads its JSON report. */
/** Reads the flaky-attempt log: tests that failed an attempt and passed on the retry. */
function flakyTests(failureLog, counts) {
  const flaky = [];
  if (!counts || !existsSync(failureLog)) return flaky;
  // Tests that failed an attempt (e2e/support/browser.ts writes them) and passed on the retry.
  for (const line of readFileSync(failureLog, 'utf8').split('\n').filter(Boolean)) {
    let attempt;
    try {
      attempt = JSON.parse(line);
    } catch {
      continue;
    }
    if (counts.passedTests.has(`${attempt.file}\n${attempt.name}`)) {
      flaky.push(`${relative(root, attempt.file)} > ${attempt.name}: ${attempt.message}`);
    }
  }
  return flaky;
}

/** Adds up the JSON reports of Vitest runs that make one step (null if one was not written). */
function sumCounts(reports) {
  if (reports.some((c) => c === null)) return null;
  const sum = (key) => reports.reduce((n, c) => n + c[key], 0);
  return {
    failures: reports.flatMap((c) => c.failures),
    passedTests: new Set(reports.flatMap((c) => [...c.passedTests])),
    passed: sum('passed'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    files: sum('files'),
    loadErrors: sum('loadErrors'),
  };
}

/**
 * One Vitest step: one command (its output streamed), or several run side by side as one step
 * (each one's output printed when it ends), their JSON reports added up.
 */
async function vitestStep(name, key, commands, env = process.env) {
  banner(commands.length > 1 ? `${name} (${commands.length} side by side)` : name);
  const started = Date.now();
  const failureLog = join(reportDir, `${key}-failed-attempts.jsonl`);
  const runEnv = { ...env, E2E_FAILURE_LOG: failureLog };
  const parts = await Promise.all(
    commands.map(async (args, i) => {
      const out = join(reportDir, commands.length > 1 ? `${key}-${i + 1}.json` : `${key}.json`);
      rmSync(out, { force: true });
      const all = [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
      let code;
      if (commands.length === 1) {
        code = await run(process.execPath, all, runEnv);
      } else {
        const collected = await runCollected(process.execPath, all, runEnv);
        process.stdout.write(`\n-- ${args.slice(1).join(' ')}\n${collected.output}`);
        code = collected.code;
      }
      return { code, counts: readVitestReport(out) };
    }),
  );
  const counts = sumCounts(parts.map((p) => p.counts));
  const code = parts.find((p) => p.code !== 0)?.code ?? 0;
  let note = '';
  if (!counts) note = 'no test report was written';
  else if (counts.files === 0) note = 'no test files yet';
  else if (counts.loadErrors > 0) note = `${counts.loadErrors} test file(s) failed to load`;
  record(name, started, code, counts, note, flakyTests(failureLog, counts));
  return code === 0;
}

function envWithout(...names) {
  const env = { ...process.env };
  for (const n of names) delete env[n];
  return env;
}

async function main() {
  const t0 = Date.now();
  process.stdout.write(
    `npm test: ${isCI ? 'CI mode' : 'local mode'}, Node ${process.version}, reports in ${reportDir}\n`,
  );

  // The packages' types first: the type checker and ESLint's typed rules both read them.
  await commandStep('packages build', 'npm', ['run', 'build:packages']);
  // Two lanes on two cores, about equally long (measured side by side: ESLint 95 s; the type
  // checker 17 s, format and dependency checks 25 s, the build 21 s and the browser tests' demo
  // data 16 s; docs/testing.md). The demo data is seeded by the built server, so after the build.
  const seedDir = mkdtempSync(join(tmpdir(), 'aerie-e2e-seed-'));
  await sideBySide([
    [['lint (ESLint)', 'npm', ['run', 'lint:code']]],
    [
      ['typecheck', 'npm', ['run', 'typecheck:projects']],
      ['lint (format, dependencies)', 'npm', ['run', 'lint:format']],
      ['build', 'npm', ['run', 'build']],
      ['bundle budgets', process.execPath, ['scripts/check-bundle-budgets.mjs']],
      ['browser test data', process.execPath, [tsx, 'e2e/support/seed-data.ts', seedDir]],
    ],
  ]);
  const built = results.find((r) => r.name === 'build')?.status === 'passed';
  // Unit and API projects may still be empty while the code base grows: no files is a pass there
  // (the summary says "no test files yet"); the browser tests must find their files.
  // Each unit project runs in one worker (Vitest gives 2 cores one worker, and files that share
  // a worker's module cache all go to that one): the three projects run as three processes
  // side by side (82 s one after another, 61 s side by side; docs/testing.md).
  await vitestStep(
    'unit tests',
    'unit',
    ['unit', 'unit-devices', 'unit-isolated'].map((project) => [
      vitest,
      'run',
      '--project',
      project,
      '--passWithNoTests',
    ]),
  );
  // API tests against a real PostgreSQL server.
  {
    const name = 'API tests (PostgreSQL)';
    let pg = null;
    try {
      pg = await startTestPostgres({
        log: (line) => process.stdout.write(`[pg-test-server] ${line}\n`),
      });
      stopPostgres = pg.stop;
    } catch (err) {
      if (err instanceof PostgresNotFoundError) {
        if (isCI) {
          loud(`${err.message}\nCI=true: a missing PostgreSQL is a failure.`);
          skip(name, 'PostgreSQL not found (CI: failure)', true);
        } else {
          loud(`${err.message}\nSKIPPING the API tests against PostgreSQL.`);
          skip(name, 'PostgreSQL not found: skipped');
        }
      } else {
        loud(`could not start PostgreSQL: ${err.message}`);
        skip(name, 'PostgreSQL did not start', true);
      }
    }
    if (pg) {
      const env = envWithout('DATABASE_URL');
      env.TEST_DATABASE_URL = pg.url;
      try {
        await vitestStep(
          name,
          'api-postgres',
          [[vitest, 'run', '--project', 'api', '--passWithNoTests']],
          env,
        );
      } finally {
        await pg.stop();
        stopPostgres = null;
      }
    }
  }

  // The storage suite on the embedded engine (scripts/storage-suite.mjs): the API test files
  // about storage, so the demo's engine runs the queries too (docs/testing.md).
  await vitestStep(
    'API storage suite (PGlite)',
    'api-pglite',
    [[vitest, 'run', '--project', 'api', ...storageSuite]],
    envWithout('TEST_DATABASE_URL', 'DATABASE_URL'),
  );

  const e2eName = 'browser tests';
  if (!existsSync(chromiumPath)) {
    loud(
      `Chromium not found: install it with \`apt-get install chromium\` (looked for ${chromiumPath})`,
    );
    skip(e2eName, 'Chromium not found', true);
  } else if (!built) {
    loud('The build failed: the browser tests were not run.');
    skip(e2eName, 'not run: the build failed');
  } else {
    await vitestStep(e2eName, 'e2e', [[join(root, 'scripts/run-e2e.mjs')]], {
      ...envWithout('TEST_DATABASE_URL'),
      E2E_SEED_DIR: seedDir,
    });
  }

  // Summary.
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const r of results) {
    total.passed += r.passed;
    total.failed += r.failed;
    total.skipped += r.skipped;
  }
  const width = Math.max(...results.map((r) => r.name.length));
  process.stdout.write(
    `\n${bar}\n== Summary (${((Date.now() - t0) / 1000).toFixed(1)} s)\n${bar}\n`,
  );
  for (const r of results) {
    const counts =
      r.passed + r.failed + r.skipped > 0
        ? `  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`
        : '';
    process.stdout.write(
      `${r.status.toUpperCase().padEnd(7)} ${r.name.padEnd(width)} ${r.seconds.toFixed(1).padStart(7)} s${counts}${r.note ? `  (${r.note})` : ''}\n`,
    );
  }
  // The failed tests by name (the summary is what a CI log keeps), then the flaky ones.
  const failures = results.flatMap((r) => r.failures ?? []);
  if (failures.length > 0) {
    process.stdout.write(`Failed tests (${failures.length}):\n`);
    for (const f of failures.slice(0, 12)) process.stdout.write(`  ${f}\n`);
  }
  const flaky = results.flatMap((r) => r.flaky ?? []);
  if (flaky.length > 0) {
    process.stdout.write(`Passed only on a retry (flaky, ${flaky.length}):\n`);
    for (const f of flaky.slice(0, 12)) process.stdout.write(`  ${f}\n`);
  }
  const failedSteps = results.filter((r) => r.status === 'failed').map((r) => r.name);
  process.stdout.write(
    failedSteps.length > 0 ? `FAILED steps: ${failedSteps.join(', ')}\n` : 'All steps passed.\n',
  );
  process.stdout.write(
    `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`,
  );
  rmSync(reportDir, { recursive: true, force: true });
  rmSync(seedDir, { recursive: true, force: true });
  return failedSteps.length > 0 ? 1 : 0;
}

async function interrupted(sig) {
  process.stdout.write(`\nnpm test: ${sig}, stopping\n`);
  current?.kill(sig);
  for (const child of running) child.kill(sig);
  if (stopPostgres) await stopPostgres().catch(() => {});
  rmSync(reportDir, { recursive: true, force: true });
  process.exit(130);
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void interrupted(sig));

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    if (stopPostgres) await stopPostgres().catch(() => {});
    process.stdout.write('0 passed, 1 failed\n');
    process.exit(1);
  },
);
