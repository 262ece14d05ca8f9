#!/usr/bin/env node
// Benchmark of telemetry ingestion (issue 17 usage alerts, docs/performance.md): the time one
// batch of 500 terminal reports takes through the ingestion service (one transaction), in
// process, on the embedded database (PGlite) or PostgreSQL, on a generated fleet. Scenarios:
//
//   status       status only (no usage): the usage path and its alert check do not run
//   usage-under  usage on subscriptions far below 80% of their limit: the check runs, no alert
//   usage-over   usage on subscriptions over 100% this month: every batch re-confirms both alerts
//                of each subscription (insert … on conflict do nothing), the steady worst case
//
// With `--baseline DIR` (a copy of an earlier build's features/telemetry/ingestion.service.js and
// telemetry.repository.js, placed inside the repository so that `@aerie/contract` resolves), the
// earlier implementation runs the same batches in the same process, alternating batch by batch,
// so "before" and "after" see the same database and the same machine load.
//
//   npm run build:packages && npm run build -w apps/server
//   node bench/telemetry-ingest.bench.mjs [--devices 5000] [--batches 20] [--postgres]
//     [--database-url postgres://…/db] [--baseline bench/.baseline] [--label x]
//
// Writes bench/results/telemetry-ingest-<devices>-<database>[-label].json and prints a table.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import { machineInfo } from './lib/bench-server.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '5000' },
    batches: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    baseline: { type: 'string' },
    label: { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const BATCHES = Number(args.batches);
const BATCH_SIZE = 500;
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (path) => pathToFileURL(join(root, 'apps/server/dist', path)).href;

const { openDatabase } = await import(dist('db/database.js'));
const { seedDemoIdentity } = await import(dist('demo/seed-identity.js'));
const { seedDemoFleet } = await import(dist('demo/seed-fleet.js'));

/** The ingestion service of a build's telemetry folder (the current one, or the baseline's). */
async function ingestionFrom(dir, pool) {
  const { createTelemetryRepository } = await import(
    pathToFileURL(join(dir, 'telemetry.repository.js')).href
  );
  const { createIngestionService } = await import(
    pathToFileURL(join(dir, 'ingestion.service.js')).href
  );
  // ingest() needs no caller; the notifying of alerts is the queue's, not measured here.
  return createIngestionService(createTelemetryRepository(pool), async () => ({}));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const round = (n) => Math.round(n * 10) / 10;

async function run(database) {
  const { pool } = database;
  console.log(`== generating ${DEVICES} devices`);
  const started = performance.now();
  await seedDemoIdentity(database.db, 'Aerie', { hash: async () => 'x' });
  await seedDemoFleet(database.db, {
    seed: 17,
    deviceCount: DEVICES,
    accountCount: 25,
    now: new Date(),
    usageDays: 0,
    showcaseDevices: 0,
    showcaseDays: 0,
    metricDays: 0,
  });
  const seedSeconds = Math.round((performance.now() - started) / 1000);
  // Devices on a subscription with a limit (not Unlimited): the ones the alert check concerns.
  const { rows } = await pool.query(
    `select d.serial, ds.subscription_id as "subscriptionId" from devices d
       join device_subscriptions ds on ds.device_id = d.id and ds.active
       join subscriptions s on s.id = ds.subscription_id
      where d.serial is not null and d.deleted_at is null
        and s.data_limit_gb is not null and s.data_limit_gb <> 9999
      order by d.serial`,
  );
  if (rows.length < BATCH_SIZE) throw new Error(`only ${rows.length} devices to report`);
  const serials = rows.map((r) => r.serial);

  const implementations = {
    after: await ingestionFrom(join(root, 'apps/server/dist/features/telemetry'), pool),
  };
  if (args.baseline) implementations.before = await ingestionFrom(resolve(args.baseline), pool);

  let cursor = 0;
  /** The next 500 devices, round the fleet. */
  const nextSerials = () =>
    Array.from({ length: BATCH_SIZE }, () => serials[cursor++ % serials.length]);
  const reportsOf = (scenario) => {
    const reportedAt = new Date().toISOString();
    return nextSerials().map((serial) =>
      scenario === 'status'
        ? { serial, reportedAt, status: { satelliteOnline: true, satelliteSignal: 6.5 } }
        : {
            serial,
            reportedAt,
            status: { satelliteOnline: true },
            usage: { satelliteBytes: 1000, cellularBytes: 10 },
          },
    );
  };

  const results = {};
  for (const scenario of ['status', 'usage-under', 'usage-over']) {
    if (scenario === 'usage-over') {
      // This month over the whole limit for every subscription of the fleet.
      const now = new Date();
      await pool.query(
        `insert into subscription_monthly_usage (subscription_id, year, month, satellite_bytes, cellular_bytes)
         select id, $1, $2, coalesce(data_limit_gb, 0)::bigint * 1000000000 + 1, 0 from subscriptions
         on conflict (subscription_id, year, month) do update
           set satellite_bytes = excluded.satellite_bytes, cellular_bytes = 0`,
        [now.getUTCFullYear(), now.getUTCMonth() + 1],
      );
      // One pass of the current build records the alerts, so the measured batches re-confirm them.
      for (let i = 0; i < Math.ceil(serials.length / BATCH_SIZE); i++)
        await implementations.after.ingest(reportsOf(scenario));
    } else {
      // Warm-up: plans cached, pages in memory.
      for (const impl of Object.values(implementations)) await impl.ingest(reportsOf(scenario));
    }
    const times = Object.fromEntries(Object.keys(implementations).map((k) => [k, []]));
    const cpu = Object.fromEntries(Object.keys(implementations).map((k) => [k, []]));
    for (let b = 0; b < BATCHES; b++) {
      // Alternate which goes first, so neither always follows the other.
      const order = Object.keys(implementations);
      if (b % 2) order.reverse();
      for (const name of order) {
        const reports = reportsOf(scenario);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const result = await implementations[name].ingest(reports);
        times[name].push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu[name].push((c.user + c.system) / 1000);
        if (result.rejected.length) throw new Error(`rejected: ${result.rejected[0].message}`);
      }
    }
    results[scenario] = {};
    for (const [name, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      const median = percentile(sorted, 0.5);
      const cpuMedian = percentile(
        [...cpu[name]].sort((a, b) => a - b),
        0.5,
      );
      results[scenario][name] = {
        batchMsMedian: round(median),
        batchMsP90: round(percentile(sorted, 0.9)),
        batchMsMin: round(sorted[0]),
        usPerReportMedian: round((median * 1000) / BATCH_SIZE),
        // CPU of this process (PGlite runs in one of its threads): less moved by other load.
        cpuMsPerBatchMedian: round(cpuMedian),
        cpuUsPerReportMedian: round((cpuMedian * 1000) / BATCH_SIZE),
      };
    }
  }
  const alerts = (await pool.query('select count(*)::int as n from subscription_usage_alerts'))
    .rows[0].n;
  return { seedSeconds, reportingDevices: serials.length, alertsRecorded: alerts, results };
}

const output = {
  benchmark: 'telemetry-ingest',
  at: new Date().toISOString(),
  devices: DEVICES,
  batchSize: BATCH_SIZE,
  batches: BATCHES,
  baseline: args.baseline ?? null,
  machine: machineInfo(),
};
let kind = 'pglite';
if (args['database-url'] || args.postgres) {
  kind = 'postgres';
  const pg = args['database-url'] ? null : await startTestPostgres();
  try {
    const url = new URL(args['database-url'] ?? pg.url);
    if (pg) {
      const { default: pgLib } = await import('pg');
      const client = new pgLib.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query('drop database if exists aerie_bench_ingest');
      await client.query('create database aerie_bench_ingest');
      await client.end();
      url.pathname = '/aerie_bench_ingest';
      output.postgres = pg.version;
    }
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
    try {
      Object.assign(output, await run(database));
    } finally {
      await database.close();
    }
  } finally {
    await pg?.stop();
  }
} else {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    Object.assign(output, await run(database));
  } finally {
    await database.close();
  }
}
output.database = kind;
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);

console.log('\nscenario      build    batch ms: median    p90    min   µs/report   CPU µs/report');
for (const [scenario, byBuild] of Object.entries(output.results)) {
  for (const [name, r] of Object.entries(byBuild)) {
    const cells = [r.batchMsMedian, r.batchMsP90, r.batchMsMin, r.usPerReportMedian];
    console.log(
      `${scenario.padEnd(13)} ${name.padEnd(8)} ${cells.map((c) => String(c).padStart(9)).join('')}   ${String(r.cpuUsPerReportMedian).padStart(12)}`,
    );
  }
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/telemetry-ingest-${DEVICES}-${kind}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
