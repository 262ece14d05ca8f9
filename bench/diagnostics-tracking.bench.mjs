#!/usr/bin/env node
// Benchmark of the diagnostic tracking and metrics reports (issue 19; decision 041;
// docs/performance.md "Diagnostic tracking and metrics reports"). One generated bundle with
// --hours (default 24) of 1 Hz tracking and a metric a minute is uploaded to the built server
// and processed (unpack, the series index, publish); then, in the same run and in turn, each
// case is asked --runs times (after one first call, reported apart):
//
//   status                GET /status (the baseline: the cheapest answer of the server)
//   tracking day          GET /v1/diagnostics/reports/aimtracking, the whole log
//   tracking 6 h, 1 h, 10 min   the same with fromDate/toDate in the middle of the log
//   metrics day, 1 h      GET /v1/diagnostics/reports/aimmetrics, the whole log and an hour
//
// and once more after the index's files were removed from under the server: the call that
// builds the index anew from the published bundle (what a bundle processed before indexes
// existed costs at its first report).
//
//   flock /tmp/aerie-build.lock npm run build      (packages and apps/server built)
//   node bench/diagnostics-tracking.bench.mjs [--hours 24] [--runs 40] [--label day]
//
// Writes bench/results/diagnostics-tracking-<label>.json and prints a table. Target (issue 19):
// a day of tracking answers in under 200 ms.
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { machineInfo, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    runs: { type: 'string', default: '40' },
    label: { type: 'string' },
  },
});
const HOURS = Number(args.hours);
const RUNS = Number(args.runs);
const LABEL = args.label ?? `${args.hours}h`;
const root = fileURLToPath(new URL('..', import.meta.url));
const kdp = await import(pathToFileURL(join(root, 'packages/kdp/dist/index.js')).href);

const KEY_ID = 'bench-1';
const KEYRING_TEXT = `${KEY_ID}:${randomBytes(32).toString('base64')}`;
const { keyring } = kdp.parseKeyring(KEYRING_TEXT);

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function api(base, token, path) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** An antenna serial of a demo device. */
async function antennaSerial(base, token) {
  const list = await api(base, token, '/v2/devices?take=20');
  for (const item of list.items) {
    const device = await api(base, token, `/v2/devices/${item.id}`);
    const antenna = (device.components ?? []).find((c) => c.type === 'Antenna' && c.serial);
    if (antenna) return antenna.serial;
  }
  throw new Error('no demo device with an Antenna component');
}

/** POSTs the bundle as multipart/form-data. */
function upload(base, token, serial, fileName, bytes) {
  const boundary = `----aerie-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/v2/storage/diagnostics/${encodeURIComponent(serial)}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One timed GET: ms to the last byte of the body (decompressed), and the body's size. */
async function timed(base, token, path) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return { ms, bytes: body.byteLength, wire: Number(res.headers.get('content-length') ?? 0), body };
}

const work = mkdtempSync(join(os.tmpdir(), 'aerie-bench-tracking-'));
const dataDir = join(work, 'data');
const output = {
  bench: 'diagnostics-tracking',
  label: LABEL,
  at: new Date().toISOString(),
  machine: machineInfo(),
  hours: HOURS,
  runs: RUNS,
  cases: {},
};
let server = null;
try {
  console.log('== starting the server (50 devices, pglite)');
  server = await startServer(
    root,
    { DATA_DIR: dataDir, DEMO_DIAGNOSTIC_BUNDLES: '0', DIAGNOSTICS_KEYRING: KEYRING_TEXT },
    50,
  );
  const token = await signIn(server.base, 'sofia.reyes@aerie.example');
  const serial = await antennaSerial(server.base, token);
  const takenAt = new Date(Date.UTC(2026, 10, 22, 12));
  const fileName = kdp.bundleName(serial, takenAt);

  console.log(`== generating a bundle with ${HOURS} h of 1 Hz tracking`);
  const file = join(work, fileName);
  const write = kdp.createBundleWriter({ keyring, keyId: KEY_ID });
  await pipeline(
    write(
      kdp.generateBundleEntries({
        antennaSerial: serial,
        takenAt,
        seed: 19,
        trackingHours: HOURS,
        logLines: 20_000,
      }),
    ),
    createWriteStream(file),
  );
  const bytes = await readFile(file);
  output.bundleBytes = bytes.length;

  console.log(`== uploading ${(bytes.length / 1e6).toFixed(1)} MB and waiting for Ready`);
  const t0 = performance.now();
  const answer = await upload(server.base, token, serial, fileName, bytes);
  if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body}`);
  for (;;) {
    const list = await api(server.base, token, `/v2/storage/diagnostics/${serial}/items`);
    const f = list.items.find((i) => i.fileName === fileName);
    if (f?.status === 'Ready') break;
    if (f?.status === 'Rejected') throw new Error(`rejected: ${f.statusMessage}`);
    await sleep(100);
  }
  output.uploadToReadyMs = round(performance.now() - t0);
  const seriesDir = join(dataDir, 'blobs', 'objects', 'diagnostics-series');
  const [fileId] = readdirSync(seriesDir);
  const indexBytes = (dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
  output.indexBytes = indexBytes(join(seriesDir, fileId));

  const q = `antennaSerial=${encodeURIComponent(serial)}&relativePath=${encodeURIComponent(`${serial}/${fileName}`)}`;
  const whole = await api(server.base, token, `/v1/diagnostics/reports/aimtracking?${q}`);
  const start = Date.parse(whole.timeRange.start);
  const mid = start + (HOURS / 2) * 3_600_000;
  const span = (ms) =>
    `&fromDate=${new Date(mid - ms / 2).toISOString()}&toDate=${new Date(mid + ms / 2).toISOString()}`;
  const cases = {
    status: '/status',
    'tracking day': `/v1/diagnostics/reports/aimtracking?${q}`,
    'tracking 6 h': `/v1/diagnostics/reports/aimtracking?${q}${span(6 * 3_600_000)}`,
    'tracking 1 h': `/v1/diagnostics/reports/aimtracking?${q}${span(3_600_000)}`,
    'tracking 10 min': `/v1/diagnostics/reports/aimtracking?${q}${span(600_000)}`,
    'metrics day': `/v1/diagnostics/reports/aimmetrics?${q}`,
    'metrics 1 h': `/v1/diagnostics/reports/aimmetrics?${q}${span(3_600_000)}`,
  };
  console.log(`== ${RUNS} calls of each case, in turn`);
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  const first = {};
  const info = {};
  for (const [name, path] of Object.entries(cases)) {
    const r = await timed(server.base, token, path);
    first[name] = r.ms;
    if (name !== 'status') {
      const json = JSON.parse(Buffer.from(r.body).toString('utf8'));
      info[name] = {
        bytes: r.bytes,
        downsampling: json.downsampling ?? json.metrics?.[0]?.downsampling,
      };
    }
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, path] of Object.entries(cases)) {
      samples[name].push((await timed(server.base, token, path)).ms);
    }
  }
  for (const name of Object.keys(cases)) {
    const sorted = [...samples[name]].sort((a, b) => a - b);
    output.cases[name] = {
      firstMs: round(first[name]),
      p50Ms: round(percentile(sorted, 0.5)),
      p95Ms: round(percentile(sorted, 0.95)),
      maxMs: round(sorted.at(-1)),
      ...(info[name] ?? {}),
    };
  }

  console.log('== the index removed: the next call builds it anew');
  rmSync(join(seriesDir, fileId), { recursive: true, force: true });
  const rebuilt = await timed(server.base, token, cases['tracking day']);
  output.rebuildFirstCallMs = round(rebuilt.ms);
  output.afterRebuildMs = round((await timed(server.base, token, cases['tracking day'])).ms);

  await mkdir(join(root, 'bench/results'), { recursive: true });
  const out = join(root, `bench/results/diagnostics-tracking-${LABEL}.json`);
  await writeFile(out, `${JSON.stringify(output, null, 2)}\n`);
  console.log(
    `\nbundle ${(output.bundleBytes / 1e6).toFixed(1)} MB, upload to Ready ${output.uploadToReadyMs} ms, index ${(output.indexBytes / 1e6).toFixed(1)} MB`,
  );
  console.log('case                first    p50    p95    max   (ms)   points / samples');
  for (const [name, c] of Object.entries(output.cases)) {
    const d = c.downsampling;
    console.log(
      `${name.padEnd(18)} ${String(c.firstMs).padStart(6)} ${String(c.p50Ms).padStart(6)} ${String(c.p95Ms).padStart(6)} ${String(c.maxMs).padStart(6)}         ${d ? `${d.points} / ${d.sourcePoints}` : ''}`,
    );
  }
  console.log(
    `index rebuilt at the first call: ${output.rebuildFirstCallMs} ms, then ${output.afterRebuildMs} ms`,
  );
  console.log(`\nwrote ${out}`);
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
