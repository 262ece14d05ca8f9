#!/usr/bin/env node
// Benchmark of the log search (issue 19 item 4; decision 042; docs/performance.md "Log search
// (issue 19)"). In one run:
//
//   bundles     a bundle whose logs are --log-mb MiB (default 1024) of the kdp generator's
//               syslog and debug log (rotated into six files each), and a small one of
//               --small-mb MiB, packed with the bench's key (cached in bench/results/tmp)
//   server      the built server (apps/server/dist/server.js) on a fresh data folder: each bundle
//               uploaded, unpacked and indexed by its job (time to Ready), then through HTTP:
//               - the first page (100) of filter searches never run before, and their page 2
//               - pages in the middle of a date range (half of the logs), highlight mode
//               - the next highlight from the middle of the range (requireHighlight)
//               the server's RSS every 100 ms (and VmHWM), for the small log and the big one
//   throughput  over the big bundle's published log files (page cache warm), matching lines
//               counted by: our engine through the scan the server's workers run (line index +
//               prefilter + lazy DFA, single thread), RE2 (the `re2` package) on the same 4 MiB
//               Buffers (exec with the m flag, on to the next line after each match), `grep -E
//               -c` and `rg -c -j1`, and with --baseline DIR an earlier build of the engine
//               (packages/logsearch/dist of another commit); interleaved run after run, the
//               best of --runs by wall time and by CPU time (this process's for ours and RE2,
//               the children's from bash's `times` for grep and rg); every engine's count must
//               agree. The first pages also record the server's CPU time (all its threads).
//
// RE2 is the yardstick, never a dependency of the product: bench/re2 has its own package.json
// and lockfile (re2 1.23.3: the last release without Node 22 in its engines), installed here on
// first use by `npm ci` with DOWNLOAD_FORCE_BUILD=1 (re2's install script then builds from
// source with node-gyp instead of downloading a prebuilt binary) against the Node headers of
// Debian's nodejs package (/usr/include/node). The build takes a few minutes.
//
//   flock /tmp/aerie-build.lock npm run build      (packages and apps/server built)
//   node bench/log-search.bench.mjs [--log-mb 1024] [--small-mb 64] [--runs 3] [--label x] [--keep]
//     [--baseline /path/to/packages/logsearch/dist] [--baseline-root /path/to/checkout]
//
// --baseline-root: a checkout of an earlier commit with its packages and server built (its own
// node_modules): its server runs beside ours on its own data folder, gets the same bundles, and
// every API search is asked of both in turn.
//
// Writes bench/results/log-search-<label>.json (label: <log-mb>mb by default) and prints a table.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, machineInfo, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { uploadBundle } from './lib/upload-bundle.mjs';

const { values: args } = parseArgs({
  options: {
    'log-mb': { type: 'string', default: '1024' },
    'small-mb': { type: 'string', default: '64' },
    runs: { type: 'string', default: '3' },
    label: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // A build of @aerie/logsearch to compare with in the same run (its dist folder).
    baseline: { type: 'string' },
    // A checkout of another commit with its server built, searched in turn with ours.
    'baseline-root': { type: 'string' },
  },
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MIB = 1024 * 1024;
const logMb = Number(args['log-mb']);
const smallMb = Number(args['small-mb']);
const runs = Number(args.runs);
const label = args.label ?? `${logMb}mb`;
const tmp = join(root, 'bench/results/tmp');
const dataDir = join(tmp, 'log-search-data');
const results = join(root, 'bench/results', `log-search-${label}.json`);

const logsearch = await import(pathToFileURL(join(root, 'packages/logsearch/dist/index.js')).href);
const baseline = args.baseline
  ? await import(pathToFileURL(join(args.baseline, 'index.js')).href)
  : null;
const kdp = await import(pathToFileURL(join(root, 'packages/kdp/dist/index.js')).href);

// The bench's own key (bundles are cached between runs): not a secret, never a product key.
const KEY_ID = 'bench-1';
const KEY = createHash('sha256').update('aerie log search bench').digest();
const keyring = { [KEY_ID]: KEY };
const TAKEN_AT = new Date('2026-11-22T12:00:00Z');
/** Bytes per generated log line (measured on the generator: 81). */
const BYTES_PER_LINE = 81;

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const stamp = (d) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** re2 from bench/re2, installed and built on first use. */
function loadRe2() {
  const dir = join(root, 'bench/re2');
  const addon = join(dir, 'node_modules/re2/build/Release/re2.node');
  if (!existsSync(addon)) {
    if (!existsSync('/usr/include/node/node_version.h')) {
      throw new Error(
        're2 is built against the installed Node headers (/usr/include/node, Debian nodejs): none here.',
      );
    }
    console.log('installing re2 into bench/re2, built from source (a few minutes)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--workspaces=false'], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, DOWNLOAD_FORCE_BUILD: '1', npm_config_nodedir: '/usr' },
    });
  }
  return createRequire(join(dir, 'package.json'))('re2');
}

/** A bundle of `mb` MiB of logs, generated once and kept in bench/results/tmp. */
async function bundle(serial, mb) {
  const lines = Math.round((mb * MIB) / BYTES_PER_LINE);
  const fileName = `${serial}_${stamp(TAKEN_AT)}.kdp`;
  const file = join(tmp, `log-search-${mb}mb-${fileName}`);
  if (existsSync(file)) return { file, fileName, lines, generatedSeconds: null };
  console.log(`generating ${fileName}: ${lines} log lines (${mb} MiB)…`);
  const started = performance.now();
  const entries = kdp.generateBundleEntries({
    antennaSerial: serial,
    takenAt: TAKEN_AT,
    logLines: lines,
    seed: 42,
  });
  const write = kdp.createBundleWriter({ keyring, keyId: KEY_ID, gzipLevel: 1 });
  await pipeline(write(entries), createWriteStream(`${file}.part`));
  await rename(`${file}.part`, file);
  return { file, fileName, lines, generatedSeconds: round((performance.now() - started) / 1000) };
}

/** The server's RSS every 100 ms, and its high-water mark. */
function rssSampler(pid) {
  const read = (field) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return m ? Number(m[1]) / 1024 : null;
  };
  let samples = [];
  const timer = setInterval(() => samples.push(read('VmRSS')), 100);
  return {
    mark() {
      const seen = samples.length > 0 ? samples : [read('VmRSS')];
      const out = {
        minMb: round(Math.min(...seen)),
        maxMb: round(Math.max(...seen)),
        hwmMb: round(read('VmHWM')),
      };
      samples = [];
      return out;
    },
    stop: () => clearInterval(timer),
    now: () => round(read('VmRSS')),
  };
}

/**
 * A GET through the API of one server (`srv`: base, token, pid): the time, the server's CPU
 * time meanwhile (all its threads, workers too; 10 ms ticks) and the body.
 */
async function api(srv, path, query) {
  const url = `${srv.base}${path}?${new URLSearchParams(query)}`;
  const cpu = cpuMs(srv.pid);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${srv.token}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path} ${res.status}: ${JSON.stringify(body)}`);
  return { ms: round(ms), cpuMs: round(cpuMs(srv.pid) - cpu), body };
}

/** Uploads a bundle and waits until it is Ready: the id of its published folder and the time. */
async function store(srv, b, serial) {
  const contents = join(srv.dataDir, 'blobs/objects/diagnostics-content');
  const before = new Set(existsSync(contents) ? readdirSync(contents) : []);
  const started = performance.now();
  const answer = await uploadBundle(srv.base, srv.token, serial, b.fileName, b.file);
  if (answer.status !== 200) throw new Error(`upload ${answer.status}: ${answer.body}`);
  const uploadedSeconds = (performance.now() - started) / 1000;
  for (;;) {
    const { body } = await api(srv, `/v2/storage/diagnostics/${serial}/items`, {});
    const item = body.items.find((i) => i.fileName === b.fileName);
    if (item?.status === 'Ready') break;
    if (item?.status === 'Rejected') throw new Error(`rejected: ${item.statusMessage}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const id = readdirSync(contents).find((d) => !before.has(d));
  return {
    id,
    relativePath: `${serial}/${b.fileName}`,
    uploadSeconds: round(uploadedSeconds),
    readySeconds: round((performance.now() - started) / 1000),
  };
}

/**
 * The searches through the API on one stored bundle, on each server (ours, and the baseline's
 * with --baseline-root) in turn, search after search, so that both see the same load.
 */
async function apiSearches(servers, serial, lines) {
  const outs = servers.map(() => ({}));
  const each = async (step) => {
    const results = [];
    for (const [k, srv] of servers.entries()) results.push(await step(srv, outs[k]));
    return results;
  };
  const q = (srv) => ({ antennaSerial: serial, relativePath: srv.stored.relativePath });
  const both = (srv) => ({ ...q(srv), logTypes: 'syslog,debug' });
  const ranges = await each(async (srv, out) => {
    const dates = await api(srv, '/v1/diagnostics/reports/syslog/dates', q(srv));
    out.datesMs = dates.ms;
    out.firstPage = [];
    return { min: Date.parse(dates.body.MinDate), max: Date.parse(dates.body.MaxDate) };
  });
  // Filter searches never run before: the first page reads until 100 matches (or the end).
  for (const filter of [
    'rx lock lost',
    'link down|yaw sensor|FAIL',
    'sinr=-\\d+\\.\\d+ mute=4',
    'ERROR \\[modem\\]',
    'track sat 1\\d theta 4\\d',
  ]) {
    const page = (n) => (srv) =>
      api(srv, '/v1/diagnostics/reports/syslog', {
        ...both(srv),
        filter,
        pageSize: '100',
        ...(n > 1 ? { pageNumber: String(n) } : {}),
      });
    const load1 = round(os.loadavg()[0]);
    const ones = await each(page(1));
    const twos = await each(page(2));
    servers.forEach((_, k) => {
      const [one, two] = [ones[k], twos[k]];
      outs[k].firstPage.push({
        filter,
        firstPageMs: one.ms,
        firstPageServerCpuMs: one.cpuMs,
        entries: one.body.entries.length,
        page2Ms: two.ms,
        page2ServerCpuMs: two.cpuMs,
        page2Entries: two.body.entries.length,
        load1,
      });
    });
  }
  // The middle half of the time range, and pages in its middle (highlight mode).
  const range = (srv, k) => {
    const { min, max } = ranges[k];
    return {
      ...both(srv),
      fromDate: new Date(min + (max - min) / 4).toISOString(),
      toDate: new Date(min + ((max - min) * 3) / 4).toISOString(),
      pageSize: '100',
      highlight: 'link down',
    };
  };
  const middle = Math.round((lines / 2 / 100) * 0.5);
  const pageMs = servers.map(() => []);
  for (let p = 0; p < 12; p++) {
    const page = middle + Math.round((p - 6) * middle * 0.05);
    const rs = await each((srv) =>
      api(srv, '/v1/diagnostics/reports/syslog', {
        ...range(srv, servers.indexOf(srv)),
        pageNumber: String(page),
      }),
    );
    rs.forEach((r, k) => {
      if (r.body.entries.length !== 100)
        throw new Error(`page ${page} of the range has ${r.body.entries.length} entries`);
      pageMs[k].push(r.ms);
    });
  }
  await each(async (srv, out) => {
    const k = servers.indexOf(srv);
    const sorted = [...pageMs[k]].sort((a, b) => a - b);
    out.middlePage = {
      pageNumber: middle,
      samples: sorted.length,
      p50Ms: sorted[Math.floor(sorted.length / 2)],
      maxMs: sorted.at(-1),
      firstMs: pageMs[k][0],
    };
    const next = await api(srv, '/v1/diagnostics/reports/syslog', {
      ...range(srv, k),
      highlight: 'tx unmuted',
      requireHighlight: 'true',
      pageNumber: String(middle),
    });
    out.nextHighlight = { fromPage: middle, updatedPage: next.body.updatedPage, ms: next.ms };
    out.rss = srv.rss.mark();
  });
  return outs;
}

/** Reads a log file in chunks of whole lines; calls `each(buffer, length)`. */
async function chunks(file, size, each) {
  const handle = await open(file, 'r');
  const buf = Buffer.allocUnsafe(size);
  let carry = 0;
  let position = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buf, carry, size - carry, position);
      position += bytesRead;
      const end = carry + bytesRead;
      if (bytesRead === 0) {
        if (end > 0) each(buf, end);
        return;
      }
      const cut = buf.lastIndexOf(10, end - 1) + 1;
      if (cut === 0) throw new Error('a line longer than a chunk');
      each(buf, cut);
      buf.copy(buf, 0, cut, end);
      carry = end - cut;
    }
  } finally {
    await handle.close();
  }
}

/** Wall and CPU time of `fn` (this process: every thread; its count). */
async function timed(fn) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await fn();
  const used = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    count,
  };
}

/** Our engine as the server's workers run it: the line index and scanMatches, over each log. */
const ours = (logs, pattern, engine = logsearch) => timed(() => oursCount(logs, pattern, engine));

async function oursCount(logs, pattern, logsearch) {
  const matcher = new logsearch.LineMatcher(logsearch.compileSearchPattern(pattern));
  const handles = [];
  let count = 0;
  try {
    for (const files of Object.values(logs)) {
      const opened = [];
      for (const f of files) {
        const data = await open(f.data, 'r');
        const index = await open(f.index, 'r');
        handles.push(data, index);
        const access = async (h) => ({
          size: (await h.stat()).size,
          read: async (b, o, l, p) => (await h.read(b, o, l, p)).bytesRead,
        });
        opened.push({
          name: f.name,
          data: await access(data),
          index: await logsearch.LineIndex.open(await access(index)),
        });
      }
      const seq = new logsearch.LogSequence('log', opened);
      await logsearch.scanMatches(seq, matcher, 0, seq.lineCount, () => {
        count++;
        return true;
      });
    }
  } finally {
    for (const h of handles) await h.close();
  }
  return count;
}

/** RE2 on Buffers: every matching line, one exec per matching line. */
const re2 = (RE2, files, source, ignoreCase) =>
  timed(() => re2Count(RE2, files, source, ignoreCase));

async function re2Count(RE2, files, source, ignoreCase) {
  const re = new RE2(source, ignoreCase ? 'gim' : 'gm');
  let count = 0;
  for (const file of files) {
    await chunks(file, 4 * MIB, (buf, length) => {
      const view = buf.subarray(0, length);
      re.lastIndex = 0;
      for (let m = re.exec(view); m !== null; m = re.exec(view)) {
        count++;
        const nl = view.indexOf(10, m.index);
        if (nl === -1) break;
        re.lastIndex = nl + 1;
      }
    });
  }
  return count;
}

/** A command's wall time and CPU time (bash's `times`: its children's user and system). */
function command(cmd, argv, files) {
  const started = performance.now();
  const r = spawnSync(
    'bash',
    ['-c', '"$@"; s=$?; times >&2; exit $s', 'bash', cmd, ...argv, ...files],
    { encoding: 'utf8', maxBuffer: 64 * MIB, env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  );
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} exited ${r.status}: ${r.stderr}`);
  const count = r.stdout
    .split('\n')
    .filter(Boolean)
    .reduce((n, line) => n + Number(line.slice(line.lastIndexOf(':') + 1)), 0);
  // times: the shell's user and system, then its children's ("0m1.234s 0m0.100s").
  const children = r.stderr.trim().split('\n').at(-1).split(' ');
  const secondsOf = (t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  };
  return { seconds, cpuSeconds: secondsOf(children[0]) + secondsOf(children[1]), count };
}

const grep = (files, source, ignoreCase) =>
  command('grep', ['-E', '-c', ...(ignoreCase ? ['-i'] : []), '-H', '-e', source], files);
const rg = (files, source, ignoreCase) =>
  command(
    'rg',
    ['--no-config', '-c', '-j1', '-H', ...(ignoreCase ? ['-i'] : ['-s']), '-e', source],
    files,
  );

/** The throughput comparison over the big bundle's published logs. */
async function throughput(RE2, stored) {
  const content = join(dataDir, 'blobs/objects/diagnostics-content', stored.id, 'logs');
  const index = join(dataDir, 'blobs/objects/diagnostics-index', stored.id, 'lines/logs');
  const logs = { syslog: [], debug: [] };
  for (const type of ['syslog', 'debug']) {
    for (const name of [`${type}.4`, `${type}.3`, `${type}.2`, `${type}.1`, `${type}.0`, type]) {
      if (existsSync(join(content, name))) {
        logs[type].push({
          name: `logs/${name}`,
          data: join(content, name),
          index: join(index, `${name}.lidx`),
        });
      }
    }
  }
  const files = Object.values(logs)
    .flat()
    .map((f) => f.data);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  // Warm the page cache for every engine alike.
  spawnSync('cat', files, { stdio: ['ignore', 'ignore', 'inherit'] });
  const patterns = [
    { name: 'literal', source: 'rx lock lost', ignoreCase: false },
    { name: 'literal, case-insensitive', source: 'RX LOCK LOST', ignoreCase: true },
    { name: 'alternation', source: 'link down|yaw sensor|tx muted', ignoreCase: false },
    {
      name: 'class-heavy',
      source: 'theta=[0-9]+\\.[0-9]+ phi=1[0-4][0-9]\\.[0-9]+ sinr=-[0-9]',
      ignoreCase: false,
    },
    {
      name: 'class-heavy, case-insensitive',
      source: 'error \\[[a-z]+\\] [a-z]+ lock',
      ignoreCase: true,
    },
    { name: 'frequent', source: 'sat 1[0-9] theta', ignoreCase: false },
  ];
  const out = [];
  for (const p of patterns) {
    // The best run of each engine by wall time and by CPU time (each on its own).
    const best = { ours: null, re2: null, grep: null, rg: null };
    const bestCpu = {};
    if (baseline) best.before = null;
    const ourPattern = p.ignoreCase ? p.source : `(?-i)${p.source}`;
    for (let r = 0; r < runs; r++) {
      // Interleaved: each engine in turn, run after run, so the machine's load falls alike.
      const results = {
        ours: await ours(logs, ourPattern),
        ...(baseline ? { before: await ours(logs, ourPattern, baseline) } : {}),
        re2: await re2(RE2, files, p.source, p.ignoreCase),
        grep: grep(files, p.source, p.ignoreCase),
        rg: rg(files, p.source, p.ignoreCase),
      };
      for (const [k, v] of Object.entries(results)) {
        if (!best[k] || v.seconds < best[k].seconds) best[k] = v;
        if (!bestCpu[k] || v.cpuSeconds < bestCpu[k].cpuSeconds) bestCpu[k] = v;
      }
    }
    const counts = new Set(Object.values(best).map((v) => v.count));
    if (counts.size !== 1)
      throw new Error(`${p.name}: the engines disagree: ${JSON.stringify(best)}`);
    const mbps = (s) => round(bytes / MIB / s, 0);
    const each = (f) => Object.fromEntries(Object.keys(best).map((k) => [k, f(k)]));
    out.push({
      pattern: p.name,
      source: p.source,
      ignoreCase: p.ignoreCase,
      matchingLines: best.ours.count,
      mibPerSecond: each((k) => mbps(best[k].seconds)),
      mibPerCpuSecond: each((k) => mbps(bestCpu[k].cpuSeconds)),
      oursToRe2: round(best.re2.seconds / best.ours.seconds, 2),
      oursToRe2Cpu: round(bestCpu.re2.cpuSeconds / bestCpu.ours.cpuSeconds, 2),
      ...(baseline
        ? {
            beforeToRe2: round(best.re2.seconds / best.before.seconds, 2),
            beforeToRe2Cpu: round(bestCpu.re2.cpuSeconds / bestCpu.before.cpuSeconds, 2),
          }
        : {}),
      load1: round(os.loadavg()[0]),
    });
    const row = out.at(-1);
    console.log(
      `  ${p.name.padEnd(30)} ${Object.keys(best)
        .map((k) => `${k} ${row.mibPerSecond[k]}/${row.mibPerCpuSecond[k]}`)
        .join(
          '  ',
        )} MiB/s (wall/cpu)  ours/re2 ${row.oursToRe2}/${row.oursToRe2Cpu}${baseline ? `  before/re2 ${row.beforeToRe2}/${row.beforeToRe2Cpu}` : ''}  (${best.ours.count} lines, load ${row.load1})`,
    );
  }
  const geo = (key) =>
    round(Math.exp(out.reduce((s, x) => s + Math.log(x[key]), 0) / out.length), 2);
  return {
    bytes,
    files: files.length,
    runs,
    patterns: out,
    oursToRe2GeometricMean: geo('oursToRe2'),
    oursToRe2CpuGeometricMean: geo('oursToRe2Cpu'),
    oursToRe2Min: Math.min(...out.map((x) => x.oursToRe2)),
    oursToRe2CpuMin: Math.min(...out.map((x) => x.oursToRe2Cpu)),
    ...(baseline
      ? {
          beforeToRe2GeometricMean: geo('beforeToRe2'),
          beforeToRe2CpuGeometricMean: geo('beforeToRe2Cpu'),
        }
      : {}),
  };
}

/** Starts a built server (`dir`: a checkout with apps/server built) on its own data folder. */
async function serve(name, dir, data) {
  rmSync(data, { recursive: true, force: true });
  const server = await startServer(
    dir,
    {
      DATA_DIR: data,
      DIAGNOSTICS_KEYRING: `${KEY_ID}:${KEY.toString('base64')}`,
      DEMO_DIAGNOSTIC_BUNDLES: '0',
      DIAGNOSTICS_MIN_FREE_BYTES: String(256 * MIB),
    },
    0,
  );
  const srv = { name, base: server.base, pid: server.pid, dataDir: data, server };
  srv.rss = rssSampler(server.pid);
  srv.token = await signIn(server.base, 'sofia.reyes@aerie.example');
  return srv;
}

async function main() {
  mkdirSync(tmp, { recursive: true });
  const RE2 = loadRe2();
  const machine = machineInfo();
  const small = await bundle('KYM-BENCHS', smallMb);
  const big = await bundle('KYM-BENCHB', logMb);
  const servers = [await serve('ours', root, dataDir)];
  if (args['baseline-root']) {
    servers.push(await serve('baseline', args['baseline-root'], `${dataDir}-baseline`));
  }
  const out = { label, machine, logMb, smallMb, at: new Date().toISOString() };
  if (args['baseline-root']) out.baselineRoot = args['baseline-root'];
  try {
    out.rssIdleMb = servers[0].rss.now();
    for (const [name, b, serial] of [
      ['small', small, 'KYM-BENCHS'],
      ['big', big, 'KYM-BENCHB'],
    ]) {
      const stored = [];
      const processing = [];
      for (const srv of servers) {
        console.log(
          `${name}: uploading ${b.fileName} (${round(statSync(b.file).size / MIB)} MiB) to ${srv.name}…`,
        );
        srv.rss.mark();
        srv.stored = { ...(await store(srv, b, serial)), lines: b.lines };
        stored.push(srv.stored);
        processing.push(srv.rss.mark());
      }
      const searches = await apiSearches(servers, serial, b.lines);
      const summary = (k) => ({
        uploadSeconds: stored[k].uploadSeconds,
        readySeconds: stored[k].readySeconds,
        processingRss: processing[k],
        ...searches[k],
      });
      const indexDir = join(dataDir, 'blobs/objects/diagnostics-index', stored[0].id, 'lines/logs');
      out[name] = {
        bundleMb: round(statSync(b.file).size / MIB),
        logLines: b.lines,
        generatedSeconds: b.generatedSeconds,
        indexMb: round(
          readdirSync(indexDir).reduce((n, f) => n + statSync(join(indexDir, f)).size, 0) / MIB,
        ),
        ...summary(0),
        ...(servers.length > 1 ? { baseline: summary(1) } : {}),
      };
      console.log(JSON.stringify(out[name], null, 1));
      if (name === 'big') {
        console.log('throughput (best of runs, matching lines counted):');
        out.throughput = await throughput(RE2, stored[0]);
      }
    }
  } finally {
    for (const srv of servers) {
      srv.rss.stop();
      await srv.server.stop();
      if (!args.keep) rmSync(srv.dataDir, { recursive: true, force: true });
    }
  }
  out.machine.loadAverage.end = os.loadavg().map((l) => round(l));
  writeFileSync(results, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`written ${results}`);
}

await main();
