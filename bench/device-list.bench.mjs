#!/usr/bin/env node
// Benchmark of the device list (issue: the fleet). Starts the built server as its own process on
// the embedded database (PGlite) and on PostgreSQL, each with a generated fleet of DEVICES devices
// (no usage history), signs in through the real identity provider, and drives each scenario with
// a separate load process (bench/load.mjs): 50 concurrent clients for DURATION seconds. A
// hello-world route (/status) of the same server runs in the same run for scale.
//
//   npm run build && node bench/device-list.bench.mjs [--devices 100000] [--duration 10] [--only pglite|postgres]
//
// Writes bench/results/device-list-<devices>.json and prints a table.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import { freePort } from './lib/net.mjs';
import { signIn } from './lib/sign-in.mjs';
import { machineInfo, waitForServer } from './lib/bench-server.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '50' },
    only: { type: 'string' },
    // Written to bench/results/device-list-<devices>-<label>.json instead.
    label: { type: 'string' },
    // Another build of the server to measure under the same conditions (e.g. an earlier commit's
    // apps/server/dist copied beside it; it must resolve the same node_modules).
    server: { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const DURATION = Number(args.duration);
const CONCURRENCY = Number(args.concurrency);
const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = args.server ? resolve(args.server) : join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(2);
}

async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      DEMO: '1',
      DEMO_FLEET_SIZE: String(DEVICES),
      FLEET_SIMULATOR_INTERVAL_S: '0',
      DEMO_FLEET_HISTORY: '0',
      LOG_LEVEL: 'warn',
      // Throughput of one signed-in user's concurrent exports is measured, not the per-user
      // limit of heavy reads (2 at once by default, docs/security.md), which would refuse them.
      HEAVY_CALLS_PER_USER: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const readySeconds = await waitForServer(child, base, 60 * 60_000);
  return {
    base,
    pid: child.pid,
    readySeconds,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system, ms) a process has used, from /proc (Linux); null elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return null;
  }
}

/**
 * CPU time of the PostgreSQL server on this port: its postmaster with the backends that have
 * ended (the postmaster's children's time) and every backend still running.
 */
function postgresCpuMs(port) {
  if (!port) return null;
  const stats = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      stats.push({ pid, fields: stat.split(') ')[1].split(' '), cmd });
    } catch {
      // gone meanwhile
    }
  }
  const postmaster = stats.find((s) => s.cmd.split('\0').includes(String(port)));
  if (!postmaster) return null;
  const ticks = (s, from) => Number(s.fields[from]) + Number(s.fields[from + 1]);
  let total = ticks(postmaster, 11) + ticks(postmaster, 13);
  for (const s of stats) if (s.fields[1] === postmaster.pid) total += ticks(s, 11);
  return total * (1000 / 100);
}

/** Microseconds of CPU per request between two readings. */
const perRequest = (before, after, requests) =>
  before === null || after === null || !requests
    ? null
    : Math.round(((after - before) * 1000) / requests);

function load(url, token, concurrency) {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const child = spawn(
      process.execPath,
      [
        join(root, 'bench/load.mjs'),
        url,
        JSON.stringify(headers),
        String(concurrency),
        String(DURATION),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`)),
    );
  });
}

async function runTarget(name, env, postgresPort = null) {
  console.log(`\n== ${name}: starting the server and generating ${DEVICES} devices`);
  const server = await startServer(env);
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const accountAdmin = await signIn(server.base, 'hannah.keller@northwind.example');
    const accounts = await (
      await fetch(`${server.base}/v2/accounts`, { headers: { authorization: `Bearer ${staff}` } })
    ).json();
    const customer = accounts.find((a) => a.kind === 'customer');
    // The fields the portal's device list asks for (apps/web/src/features/devices/utils/device-list-view.ts).
    const list = `${server.base}/v2/devices?take=50&sortField=Name&sortDirection=ASC&fields=Id,Name,Serial,ProductCode,AccountId,AccountName,NetworkStatus`;
    const allFields = `${server.base}/v2/devices?take=50&sortField=Name&sortDirection=ASC`;
    // The subscriptions list page (apps/web/src/features/subscriptions/utils/subscription-list-view.ts).
    const subscriptions = `${server.base}/v3/subscriptions?skip=0&take=50&sortField=EndDate&sortDirection=ASC&fields=Id,SubscriptionNumber,Description,ProductCode,AccountName,StartDate,EndDate`;
    const scenarios = [
      ['hello world (/status)', `${server.base}/status`, null, CONCURRENCY],
      ['page of 50 by name (staff)', list, staff, CONCURRENCY],
      ['page of 50, default fields with components', allFields, staff, CONCURRENCY],
      [
        'page of 50, account filter',
        `${list}&filters=AccountId:${customer.id}`,
        staff,
        CONCURRENCY,
      ],
      [
        'page of 50, satellite online',
        `${list}&filters=NetworkStatus.SatelliteOnline:true`,
        staff,
        CONCURRENCY,
      ],
      ['page of 50, text "Pilbara"', `${list}&query=Pilbara`, staff, CONCURRENCY],
      ['page of 50, serial fragment', `${list}&query=-2312`, staff, CONCURRENCY],
      ['page of 50 (account admin)', list, accountAdmin, CONCURRENCY],
      // The subscriptions list (issue 17): its page p99 beside the device list's, same load.
      ['subscriptions: page of 50 by end date (staff)', subscriptions, staff, CONCURRENCY],
      [
        'subscriptions: page of 50, end-date range',
        `${subscriptions}&filters=EndDate:[${Date.UTC(2027, 0, 1)} ${Date.UTC(2027, 11, 31, 23, 59, 59, 999)}]`,
        staff,
        CONCURRENCY,
      ],
      [
        'subscriptions: page of 50, text "Hybrid"',
        `${subscriptions}&query=Hybrid`,
        staff,
        CONCURRENCY,
      ],
      ['subscriptions: page of 50 (account admin)', subscriptions, accountAdmin, CONCURRENCY],
      [
        'export fetch of 10,000',
        `${server.base}/v2/devices?take=10000&sortField=Name&fields=Id,Name,Serial,AccountName,ProductCode,NetworkStatus,Components`,
        staff,
        4,
      ],
    ];
    const results = {};
    for (const [label, url, token, concurrency] of scenarios) {
      const server0 = cpuMs(server.pid);
      const pg0 = postgresCpuMs(postgresPort);
      const r = await load(url, token, concurrency);
      // Where the CPU goes, per request: the server, PostgreSQL and the load generator share
      // the machine's cores.
      const cpuUsPerRequest = {
        server: perRequest(server0, cpuMs(server.pid), r.requests),
        postgres: perRequest(pg0, postgresCpuMs(postgresPort), r.requests),
        loader: perRequest(0, r.loaderCpuMs, r.requests),
      };
      results[label] = { concurrency, ...r, cpuUsPerRequest };
      console.log(
        `${label.padEnd(44)} c=${String(concurrency).padStart(2)}  rps ${String(r.rps).padStart(6)}  p50 ${String(r.p50).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  cpu µs/req server ${cpuUsPerRequest.server} pg ${cpuUsPerRequest.postgres} loader ${cpuUsPerRequest.loader}`,
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
  server: args.server ?? 'apps/server/dist/server.js',
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
  try {
    const admin = new URL(pg.url);
    const url = new URL(pg.url);
    url.pathname = '/aerie_bench';
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('drop database if exists aerie_bench');
    await client.query('create database aerie_bench');
    await client.end();
    output.targets.postgres = {
      version: pg.version,
      ...(await runTarget(
        `PostgreSQL ${pg.version ?? ''}`,
        {
          DATABASE_URL: url.toString(),
          DATA_DIR: mkdtempSync(join(os.tmpdir(), 'aerie-bench-pg-')),
        },
        url.port,
      )),
    };
  } finally {
    await pg.stop();
  }
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/device-list-${DEVICES}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
