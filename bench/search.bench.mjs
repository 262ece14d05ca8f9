#!/usr/bin/env node
// Benchmark of global search (issue 16, docs/performance.md): `GET /v2/search?searchTerm=&take=10`
// on the generated fleet (100,000 devices by default) in PostgreSQL, 20 concurrent clients per
// term, beside the trivial route (/status) measured in the same run. Terms from the common (a
// word in thousands of names, the serial prefix every device shares) to the exact (one serial,
// one IMEI), as staff (every account) and as an Account Admin (a few accounts: the scope
// filters the candidates). Also the device list's text filter, the path the issue names.
//
//   npm run build:packages && npm run build -w apps/server
//   node bench/search.bench.mjs [--devices 100000] [--duration 8] [--concurrency 20] [--label x]
//     [--database-url postgres://…/db]   (a database with the fleet generated already, kept)
//
// Writes bench/results/search-<devices>[-label].json and prints a table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import {
  cpuMs,
  load,
  machineInfo,
  perRequest,
  postgresCpuMs,
  startServer,
} from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '20' },
    label: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const DURATION = Number(args.duration);
const CONCURRENCY = Number(args.concurrency);
const root = fileURLToPath(new URL('..', import.meta.url));

async function getJson(base, path, token) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
}

async function run(env, postgresPort) {
  console.log(`== starting the server and generating ${DEVICES} devices`);
  const server = await startServer(root, env, DEVICES);
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const accountAdmin = await signIn(server.base, 'hannah.keller@northwind.example');
    // One real device for the exact terms.
    const page = await getJson(server.base, '/v2/devices?take=50&sortField=Serial', staff);
    let device = null;
    for (const item of page.items) {
      const d = await getJson(server.base, `/v2/devices/${item.id}`, staff);
      if (d.serial && d.components.some((c) => c.type === 'HybridImei')) {
        device = d;
        break;
      }
    }
    if (!device) throw new Error('no device with a serial and an IMEI');
    const imei = device.components.find((c) => c.type === 'HybridImei').serial;
    const word = device.name.split(' ').find((w) => w.length >= 5) ?? device.name.slice(0, 5);
    const search = (term) =>
      `${server.base}/v2/search?searchTerm=${encodeURIComponent(term)}&take=10`;
    const list = `${server.base}/v2/devices?skip=0&take=50&sortField=Name&sortDirection=ASC`;
    const as = (token) => ({ authorization: `Bearer ${token}` });

    // Many terms as users type them (3 to 7 characters of names and serials), asked in turn:
    // few answers come from the search cache (10 s), so these scenarios measure the search
    // itself; the fixed terms above are mostly answered from the cache after their first call.
    const sample = await getJson(
      server.base,
      '/v2/devices?take=4000&sortField=Serial&fields=Name,Serial',
      staff,
    );
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const typed = new Set();
    while (typed.size < 6000) {
      const item = sample.items[Math.floor(random() * sample.items.length)];
      const text = random() < 0.6 ? item.name : (item.serial ?? item.name);
      const length = 3 + Math.floor(random() * 5);
      const start = Math.floor(random() * Math.max(1, text.length - length + 1));
      const term = text.slice(start, start + length);
      if (term.trim().length >= 3 && term.trim() === term) typed.add(term);
    }
    const typedFile = join(mkdtempSync(join(os.tmpdir(), 'aerie-bench-terms-')), 'urls.txt');
    writeFileSync(typedFile, [...typed].map((t) => search(t)).join('\n'));

    const scenarios = [
      ['hello world (/status)', `${server.base}/status`, {}],
      [`search "${word}" (a word of many names, staff)`, search(word), as(staff)],
      ['search "van" (3 letters, staff)', search('van'), as(staff)],
      ['search "GOS" (every serial, staff)', search('GOS'), as(staff)],
      [`search "${imei.slice(0, 5)}" (IMEI prefix, staff)`, search(imei.slice(0, 5)), as(staff)],
      [`search "${device.serial}" (one serial, staff)`, search(device.serial), as(staff)],
      [`search "${imei}" (one IMEI, staff)`, search(imei), as(staff)],
      ['search "SUB-12" (subscription numbers, staff)', search('SUB-12'), as(staff)],
      ['search "van" (account admin)', search('van'), as(accountAdmin)],
      ['search "zqx" (nothing, staff)', search('zqx'), as(staff)],
      [`search, ${typed.size} terms in turn (staff)`, `@${typedFile}`, as(staff)],
      [`search, ${typed.size} terms in turn (account admin)`, `@${typedFile}`, as(accountAdmin)],
      [
        `device list, text "${word}" (staff)`,
        `${list}&query=${encodeURIComponent(word)}`,
        as(staff),
      ],
      ['device list, text "-2312" (staff)', `${list}&query=-2312`, as(staff)],
    ];
    const results = {};
    for (const [label, url, headers] of scenarios) {
      const server0 = cpuMs(server.pid);
      const pg0 = postgresCpuMs(postgresPort);
      const r = await load(root, url, headers, CONCURRENCY, DURATION);
      const cpuUsPerRequest = {
        server: perRequest(server0, cpuMs(server.pid), r.requests),
        postgres: perRequest(pg0, postgresCpuMs(postgresPort), r.requests),
        loader: perRequest(0, r.loaderCpuMs, r.requests),
      };
      results[label] = { concurrency: CONCURRENCY, ...r, cpuUsPerRequest };
      console.log(
        `${label.padEnd(52)} rps ${String(r.rps).padStart(6)}  p50 ${String(r.p50).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  cpu µs/req server ${cpuUsPerRequest.server} pg ${cpuUsPerRequest.postgres}`,
      );
    }
    return { readySeconds: server.readySeconds, scenarios: results };
  } finally {
    await server.stop();
  }
}

const output = {
  date: new Date().toISOString(),
  machine: machineInfo(),
  devices: DEVICES,
  durationSeconds: DURATION,
  concurrency: CONCURRENCY,
};
if (args['database-url']) {
  const url = new URL(args['database-url']);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-search-'));
  try {
    Object.assign(output, await run({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, url.port));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  const pg = await startTestPostgres();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-search-'));
  try {
    const admin = new URL(pg.url);
    const url = new URL(pg.url);
    url.pathname = '/aerie_bench_search';
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('drop database if exists aerie_bench_search');
    await client.query('create database aerie_bench_search');
    await client.end();
    output.postgres = pg.version;
    Object.assign(output, await run({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, url.port));
  } finally {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/search-${DEVICES}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
