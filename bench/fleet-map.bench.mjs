#!/usr/bin/env node
// Benchmark of the home page's fleet calls (issue 15, decision 029): GET /v2/devices/map (every
// device the map shows, [id, lon, lat, online], gzipped once per scope) and
// GET /v2/devices/fleetSummary over a generated fleet of DEVICES devices. Starts the built server
// as its own process (PostgreSQL by default, like the device list bench), signs in through the
// real identity provider, and drives each scenario with a separate load process
// (bench/load.mjs). The hello-world route /status of the same server runs in the same run, and
// the CPU per request of the server, PostgreSQL and the load generator is recorded beside it.
// The map's first answer after a cache clear (the SQL and the gzip) is timed on its own, and
// what the browser does with the answer (JSON.parse and the contract's zod parse) is timed here
// in Node for scale.
//
//   npm run build && node bench/fleet-map.bench.mjs [--devices 100000] [--duration 8] [--only pglite|postgres]
//
// Writes bench/results/fleet-map-<devices>[-<label>].json and prints a table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import { cpuMs, load, perRequest, postgresCpuMs, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: 'postgres' },
    label: { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const DURATION = Number(args.duration);
const root = fileURLToPath(new URL('..', import.meta.url));
const { fleetMapSchema } = await import(join(root, 'packages/contract/dist/index.js'));

const gzip = { 'accept-encoding': 'gzip' };
const ms = (from) => Math.round(Number(process.hrtime.bigint() - from) / 1e5) / 10;

/** The map's first answer after a Device cache clear: the SQL and the gzip, timed alone. */
async function coldMap(base, token, staffToken, pid, postgresPort) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const cleared = await fetch(`${base}/v2/admin/cache/device`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}` },
    });
    if (!cleared.ok) throw new Error(`cache clear: ${cleared.status}`);
    const server0 = cpuMs(pid);
    const pg0 = postgresCpuMs(postgresPort);
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}/v2/devices/map`, {
      headers: { authorization: `Bearer ${token}`, ...gzip },
    });
    await res.arrayBuffer();
    runs.push({
      ms: ms(started),
      serverCpuMs: cpuMs(pid) - server0,
      postgresCpuMs: pg0 === null ? null : postgresCpuMs(postgresPort) - pg0,
      bytes: Number(res.headers.get('content-length')),
    });
  }
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[2];
  return {
    runs,
    medianMs: median('ms'),
    medianServerCpuMs: median('serverCpuMs'),
    medianPostgresCpuMs: runs[0].postgresCpuMs === null ? null : median('postgresCpuMs'),
  };
}

/** What the browser does with the answer, in Node: inflate (the browser's network stack), JSON.parse, the contract's zod parse. */
async function clientSide(base, token) {
  const res = await fetch(`${base}/v2/devices/map`, {
    headers: { authorization: `Bearer ${token}`, ...gzip },
  });
  const text = await res.text(); // fetch inflates the gzipped answer
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const body = JSON.parse(text);
    const t1 = process.hrtime.bigint();
    const parsed = fleetMapSchema.parse(body);
    times.push({
      jsonParseMs: Math.round(Number(t1 - t0) / 1e5) / 10,
      zodParseMs: ms(t1),
      points: parsed.points.length,
    });
  }
  return { jsonBytes: Buffer.byteLength(text), runs: times };
}

async function runTarget(name, env, postgresPort = null) {
  console.log(`\n== ${name}: starting the server and generating ${DEVICES} devices`);
  const server = await startServer(root, env, DEVICES);
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const accountAdmin = await signIn(server.base, 'hannah.keller@northwind.example');
    // The answer's size, gzipped as sent and as JSON.
    const sent = await fetch(`${server.base}/v2/devices/map`, {
      headers: { authorization: `Bearer ${staff}`, ...gzip },
    });
    // fetch inflates the answer; Content-Length is the size sent.
    const json = Buffer.from(await sent.arrayBuffer());
    const size = {
      contentEncoding: sent.headers.get('content-encoding'),
      gzippedBytes: Number(sent.headers.get('content-length')),
      jsonBytes: json.length,
    };
    console.log(`map answer: ${size.jsonBytes} bytes of JSON, ${size.gzippedBytes} gzipped`);
    const cold = {
      staff: await coldMap(server.base, staff, staff, server.pid, postgresPort),
      accountAdmin: await coldMap(server.base, accountAdmin, staff, server.pid, postgresPort),
    };
    console.log(
      `map after a cache clear: staff ${cold.staff.medianMs} ms (server CPU ${cold.staff.medianServerCpuMs} ms, PostgreSQL ${cold.staff.medianPostgresCpuMs} ms), account admin ${cold.accountAdmin.medianMs} ms`,
    );
    const client = await clientSide(server.base, staff);
    console.log(`in the client (Node): ${JSON.stringify(client.runs)}`);

    const scenarios = [
      ['hello world (/status)', `${server.base}/status`, {}, 50],
      [
        'fleet summary (staff)',
        `${server.base}/v2/devices/fleetSummary`,
        { authorization: `Bearer ${staff}` },
        50,
      ],
      [
        'fleet summary (account admin)',
        `${server.base}/v2/devices/fleetSummary`,
        { authorization: `Bearer ${accountAdmin}` },
        50,
      ],
      [
        'map, gzipped (staff)',
        `${server.base}/v2/devices/map`,
        { authorization: `Bearer ${staff}`, ...gzip },
        8,
      ],
      [
        'map, gzipped (account admin)',
        `${server.base}/v2/devices/map`,
        { authorization: `Bearer ${accountAdmin}`, ...gzip },
        8,
      ],
    ];
    const results = {};
    for (const [label, url, headers, concurrency] of scenarios) {
      const server0 = cpuMs(server.pid);
      const pg0 = postgresCpuMs(postgresPort);
      const r = await load(root, url, headers, concurrency, DURATION);
      const cpuUsPerRequest = {
        server: perRequest(server0, cpuMs(server.pid), r.requests),
        postgres: perRequest(pg0, postgresCpuMs(postgresPort), r.requests),
        loader: perRequest(0, r.loaderCpuMs, r.requests),
      };
      results[label] = { concurrency, ...r, cpuUsPerRequest };
      console.log(
        `${label.padEnd(32)} c=${String(concurrency).padStart(2)}  rps ${String(r.rps).padStart(6)}  p50 ${String(r.p50).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  ${r.meanKb} KB  cpu µs/req server ${cpuUsPerRequest.server} pg ${cpuUsPerRequest.postgres} loader ${cpuUsPerRequest.loader}`,
      );
    }
    return { readySeconds: server.readySeconds, size, cold, client, scenarios: results };
  } finally {
    await server.stop();
  }
}

const output = {
  date: new Date().toISOString(),
  machine: {
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: os.loadavg().map((l) => Math.round(l * 10) / 10) },
  },
  devices: DEVICES,
  durationSeconds: DURATION,
  targets: {},
};
if (args.only !== 'postgres') {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-'));
  try {
    output.targets.pglite = await runTarget('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args.only !== 'pglite') {
  const pg = await startTestPostgres();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-pg-'));
  try {
    const admin = new URL(pg.url);
    const url = new URL(pg.url);
    url.pathname = '/aerie_bench_map';
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('drop database if exists aerie_bench_map');
    await client.query('create database aerie_bench_map');
    await client.end();
    output.targets.postgres = {
      version: pg.version,
      ...(await runTarget(
        `PostgreSQL ${pg.version ?? ''}`,
        { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
        url.port,
      )),
    };
  } finally {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/fleet-map-${DEVICES}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
