#!/usr/bin/env node
// Does compressing API answers pay? (issue 13: "API JSON compressed where it measurably
// helps"). Signs in to a running portal, fetches typical answers (a device list page with the
// list's default fields, a page with components, the jobs list, one device), and measures for
// each the bytes on the wire and the CPU time to compress it with gzip and brotli at the levels
// a server would use per request (median of ITERATIONS runs, in this process), beside the
// time to serialise the same answer (JSON.stringify of the parsed body) as the scale.
//
//   node bench/api-compression.bench.mjs --base http://127.0.0.1:8080 [--iterations 300]
//
// Writes bench/results/api-compression.json and prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    iterations: { type: 'string', default: '300' },
  },
});
const ITERATIONS = Number(args.iterations);
const root = fileURLToPath(new URL('..', import.meta.url));

const token = await signIn(args.base, 'sofia.reyes@aerie.example');
const get = async (path) => {
  const res = await fetch(`${args.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
};
const firstDevice = JSON.parse((await get('/v2/devices?take=1')).toString()).items[0].id;
const answers = {
  'device list, page of 50': '/v2/devices?take=50',
  'device list, page of 50 with components': '/v2/devices?take=50&includeComponents=true',
  'jobs list, page of 50': '/v2/jobs?take=50',
  'one device': `/v2/devices/${firstDevice}`,
};

/** Median CPU microseconds of `fn` over ITERATIONS runs. */
function medianUs(fn) {
  const times = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    times.push(used.user + used.system);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const codecs = {
  'gzip 1': (b) => zlib.gzipSync(b, { level: 1 }),
  'gzip 6': (b) => zlib.gzipSync(b, { level: 6 }),
  'brotli 4': (b) =>
    zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
};

const rows = [];
for (const [name, path] of Object.entries(answers)) {
  const body = await get(path);
  const parsed = JSON.parse(body.toString());
  const row = {
    answer: name,
    path,
    bytes: body.length,
    stringifyUs: medianUs(() => JSON.stringify(parsed)),
  };
  for (const [codec, fn] of Object.entries(codecs)) {
    row[codec] = { bytes: fn(body).length, us: medianUs(() => fn(body)) };
  }
  rows.push(row);
}

console.log(
  '| answer | bytes | JSON.stringify µs | gzip 1 bytes / µs | gzip 6 bytes / µs | brotli 4 bytes / µs |',
);
console.log('| --- | --: | --: | --: | --: | --: |');
for (const r of rows) {
  const c = (k) => `${r[k].bytes} / ${r[k].us}`;
  console.log(
    `| ${r.answer} | ${r.bytes} | ${r.stringifyUs} | ${c('gzip 1')} | ${c('gzip 6')} | ${c('brotli 4')} |`,
  );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/api-compression.json'),
  `${JSON.stringify({ date: new Date().toISOString(), iterations: ITERATIONS, rows }, null, 2)}\n`,
);
