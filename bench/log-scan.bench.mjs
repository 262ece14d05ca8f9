#!/usr/bin/env node
// The log search's scan alone (decision 042; docs/performance.md "Log search (issue 19)"): the
// engine's throughput over a folder of unpacked logs, without the server, for quick iteration
// on the engine. Our scan (`scanMatches`: line index, prefilter, lazy DFA) and RE2 (`re2` from
// bench/re2, as in log-search.bench.mjs) interleaved, run after run, each timed by wall clock
// and by this process's CPU time (user + system: on a shared machine the CPU time is what the
// engine itself costs; the wall time also holds the waits for a core).
//
//   node packages/kdp/dist/bin.js unpack --key-file KEY -o bench/results/tmp/big \
//     bench/results/tmp/log-search-1024mb-KYM-BENCHB_20261122120000.kdp
//   node bench/log-scan.bench.mjs [--dir bench/results/tmp/big/logs] [--runs 3]
//     [--only name,…] [--no-re2] [--json out.json] [--baseline other/packages/logsearch/dist]
//
// The line indexes are built beside the logs (`<file>.lidx`) on first use.
import { createReadStream, existsSync, writeFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: 'bench/results/tmp/big/logs' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-re2': { type: 'boolean', default: false },
    json: { type: 'string' },
    // An earlier build of @aerie/logsearch (its dist folder), run in turn with the others.
    baseline: { type: 'string' },
  },
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MIB = 1024 * 1024;
const logsearch = await import(pathToFileURL(join(root, 'packages/logsearch/dist/index.js')).href);
const baseline = args.baseline
  ? await import(pathToFileURL(join(args.baseline, 'index.js')).href)
  : null;
const dir = join(root, args.dir);
const runs = Number(args.runs);

/** The benchmark's patterns (log-search.bench.mjs's throughput and first-page searches). */
const PATTERNS = [
  { name: 'absent', source: 'QZQZQZ', ignoreCase: false },
  { name: 'literal', source: 'rx lock lost', ignoreCase: false },
  { name: 'literal-i', source: 'RX LOCK LOST', ignoreCase: true },
  { name: 'alternation', source: 'link down|yaw sensor|tx muted', ignoreCase: false },
  {
    name: 'class-heavy',
    source: 'theta=[0-9]+\\.[0-9]+ phi=1[0-4][0-9]\\.[0-9]+ sinr=-[0-9]',
    ignoreCase: false,
  },
  { name: 'class-heavy-i', source: 'error \\[[a-z]+\\] [a-z]+ lock', ignoreCase: true },
  { name: 'frequent', source: 'sat 1[0-9] theta', ignoreCase: false },
  { name: 'api-alternation-i', source: 'link down|yaw sensor|FAIL', ignoreCase: true },
  { name: 'api-sinr-i', source: 'sinr=-\\d+\\.\\d+ mute=4', ignoreCase: true },
  { name: 'api-error-modem-i', source: 'ERROR \\[modem\\]', ignoreCase: true },
  { name: 'api-track-i', source: 'track sat 1\\d theta 4\\d', ignoreCase: true },
];

const logs = {};
for (const type of ['syslog', 'debug']) {
  logs[type] = [`${type}.4`, `${type}.3`, `${type}.2`, `${type}.1`, `${type}.0`, type]
    .map((n) => join(dir, n))
    .filter((f) => existsSync(f));
}

/** The line index of each file, built beside it when missing (time carried file to file). */
async function ensureIndexes() {
  for (const files of Object.values(logs)) {
    let carryTime = Number.NaN;
    for (const f of files) {
      const target = `${f}.lidx`;
      if (existsSync(target)) continue;
      const bytes = logsearch.lineIndexBytes(createReadStream(f, { highWaterMark: MIB }), {
        carryTime,
        referenceTime: Date.parse('2026-11-22T12:00:00Z'),
      });
      let summary;
      async function* pieces() {
        for (;;) {
          const next = await bytes.next();
          if (next.done) {
            summary = next.value;
            return;
          }
          yield next.value;
        }
      }
      await pipeline(Readable.from(pieces()), createWriteStream(target));
      carryTime = summary.lastTime;
    }
  }
}

async function openSequences() {
  const handles = [];
  const seqs = [];
  for (const [type, files] of Object.entries(logs)) {
    const opened = [];
    for (const f of files) {
      const data = await open(f, 'r');
      const index = await open(`${f}.lidx`, 'r');
      handles.push(data, index);
      const access = async (h) => ({
        size: (await h.stat()).size,
        read: async (b, o, l, p) => (await h.read(b, o, l, p)).bytesRead,
      });
      opened.push({
        name: `logs/${f.slice(dir.length + 1)}`,
        data: await access(data),
        index: await logsearch.LineIndex.open(await access(index)),
      });
    }
    seqs.push(new logsearch.LogSequence(type, opened));
  }
  return { seqs, close: () => Promise.all(handles.map((h) => h.close())) };
}

function timed(fn) {
  return async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const count = await fn();
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1e6, count };
  };
}

const ours = (seqs, p, engine = logsearch) =>
  timed(async () => {
    const matcher = new engine.LineMatcher(
      engine.compileSearchPattern(p.ignoreCase ? p.source : `(?-i)${p.source}`),
    );
    let count = 0;
    for (const seq of seqs) {
      await engine.scanMatches(seq, matcher, 0, seq.lineCount, () => {
        count++;
        return true;
      });
    }
    return count;
  });

/** RE2 on 4 MiB Buffers of whole lines, one exec per matching line (log-search.bench.mjs). */
const re2 = (RE2, files, p) =>
  timed(async () => {
    const re = new RE2(p.source, p.ignoreCase ? 'gim' : 'gm');
    let count = 0;
    const buf = Buffer.allocUnsafe(4 * MIB);
    for (const file of files) {
      const handle = await open(file, 'r');
      let carry = 0;
      let position = 0;
      try {
        for (;;) {
          const { bytesRead } = await handle.read(buf, carry, buf.length - carry, position);
          position += bytesRead;
          const end = carry + bytesRead;
          const cut = bytesRead === 0 ? end : buf.lastIndexOf(10, end - 1) + 1;
          const view = buf.subarray(0, cut);
          re.lastIndex = 0;
          for (let m = re.exec(view); m !== null; m = re.exec(view)) {
            count++;
            const nl = view.indexOf(10, m.index);
            if (nl === -1) break;
            re.lastIndex = nl + 1;
          }
          if (bytesRead === 0) break;
          buf.copy(buf, 0, cut, end);
          carry = end - cut;
        }
      } finally {
        await handle.close();
      }
    }
    return count;
  });

await ensureIndexes();
const files = Object.values(logs).flat();
const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
const RE2 = args['no-re2'] ? null : createRequire(join(root, 'bench/re2/package.json'))('re2');
const { seqs, close } = await openSequences();
const only = args.only ? new Set(args.only.split(',')) : null;
const out = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadAverageStart: os.loadavg(),
  bytes,
  runs,
  patterns: [],
};
const mbps = (s) => Math.round(bytes / MIB / s);
for (const p of PATTERNS.filter((x) => !only || only.has(x.name))) {
  const best = {};
  const samples = { ours: [], re2: [], before: [] };
  for (let r = 0; r < runs; r++) {
    const engines = {
      ours: ours(seqs, p),
      ...(baseline ? { before: ours(seqs, p, baseline) } : {}),
      ...(RE2 ? { re2: re2(RE2, files, p) } : {}),
    };
    for (const [k, run] of Object.entries(engines)) {
      const v = await run();
      samples[k].push(v);
      if (!best[k] || v.cpu < best[k].cpu) best[k] = v;
    }
  }
  for (const k of ['re2', 'before']) {
    if (best[k] && best[k].count !== best.ours.count)
      throw new Error(`${p.name}: ours ${best.ours.count} lines, ${k} ${best[k].count}`);
  }
  const row = {
    pattern: p.name,
    source: p.source,
    ignoreCase: p.ignoreCase,
    lines: best.ours.count,
    oursCpuS: +best.ours.cpu.toFixed(3),
    oursWallS: +Math.min(...samples.ours.map((s) => s.wall)).toFixed(3),
    oursMiBps: mbps(best.ours.cpu),
    ...(best.re2
      ? {
          re2CpuS: +best.re2.cpu.toFixed(3),
          re2WallS: +Math.min(...samples.re2.map((s) => s.wall)).toFixed(3),
          re2MiBps: mbps(best.re2.cpu),
          oursToRe2Cpu: +(best.re2.cpu / best.ours.cpu).toFixed(2),
        }
      : {}),
    ...(best.before
      ? {
          beforeCpuS: +best.before.cpu.toFixed(3),
          beforeMiBps: mbps(best.before.cpu),
          ...(best.re2 ? { beforeToRe2Cpu: +(best.re2.cpu / best.before.cpu).toFixed(2) } : {}),
        }
      : {}),
  };
  out.patterns.push(row);
  console.log(
    `${p.name.padEnd(18)} ${String(row.lines).padStart(6)} lines  ours ${String(row.oursMiBps).padStart(5)} MiB/s cpu (${row.oursCpuS}s cpu, ${row.oursWallS}s wall)` +
      (best.re2
        ? `  re2 ${String(row.re2MiBps).padStart(5)} MiB/s cpu (${row.re2CpuS}s, ${row.re2WallS}s wall)  ours/re2 ${row.oursToRe2Cpu}`
        : '') +
      (best.before
        ? `  before ${row.beforeMiBps} MiB/s cpu, before/re2 ${row.beforeToRe2Cpu}`
        : ''),
  );
}
await close();
out.loadAverageEnd = os.loadavg();
const ratios = out.patterns.filter((r) => r.oursToRe2Cpu).map((r) => r.oursToRe2Cpu);
if (ratios.length > 0) {
  out.oursToRe2CpuGeometricMean = +Math.exp(
    ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length,
  ).toFixed(2);
  console.log(`geometric mean ours/re2 (cpu): ${out.oursToRe2CpuGeometricMean}`);
}
const before = out.patterns.filter((r) => r.beforeToRe2Cpu).map((r) => r.beforeToRe2Cpu);
if (before.length > 0) {
  out.beforeToRe2CpuGeometricMean = +Math.exp(
    before.reduce((s, x) => s + Math.log(x), 0) / before.length,
  ).toFixed(2);
  console.log(`geometric mean before/re2 (cpu): ${out.beforeToRe2CpuGeometricMean}`);
}
console.log(
  `load ${out.loadAverageStart.map((x) => x.toFixed(1))} → ${out.loadAverageEnd.map((x) => x.toFixed(1))}`,
);
if (args.json) writeFileSync(join(root, args.json), `${JSON.stringify(out, null, 2)}\n`);
