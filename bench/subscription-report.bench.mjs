#!/usr/bin/env node
// Benchmark of the monthly subscription report (issue 17, docs/performance.md):
// `GET /v2/subscriptions/{year}/{month}`, an xlsx streamed as it is read, on the generated fleet
// (100,000 devices by default) in PostgreSQL. For each report: the time to the first byte of the
// body, the total time, the size, and the server's peak RSS growth during the download (sampled
// from /proc every 10 ms), beside the floor measured in the same run (`/status`, and a small
// report). The largest reports: staff (every account) and the Account Admin of the largest
// account tree; then the staff report again through a client reading 1 MB/s, to show that a
// slow reader holds the server's memory flat.
//
//   npm run build -w packages/contract && npm run build -w apps/server
//   node bench/subscription-report.bench.mjs [--devices 100000] [--runs 3] [--month 2026-10]
//     [--database-url postgres://…/db]   (a database with the fleet generated already, kept)
//     [--label x]
//
// The fleet is generated without usage history; when the month has no usage rows, the bench
// adds one per subscription active in it (a deterministic size from the id) and removes them
// at the end, so the workbook carries real figures.
//
// RSS alone overstates what a download keeps: V8 lets the heap grow with garbage before it
// collects. So the largest report is downloaded once more from a second server whose old space
// is capped (`--heap-cap`, 96 MB by default, NODE_OPTIONS=--max-old-space-size): it completes only
// if the download holds little at a time.
//
// Writes bench/results/subscription-report-<devices>[-label].json and prints a table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pgLib from 'pg';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import { cpuMs, machineInfo, postgresCpuMs, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    month: { type: 'string' },
    label: { type: 'string' },
    'database-url': { type: 'string' },
    // The old-space cap (MB) of a second server that downloads the largest report again: it
    // completes only if the download keeps little alive, whatever the RSS the first shows.
    'heap-cap': { type: 'string', default: '96' },
  },
});
const DEVICES = Number(args.devices);
const RUNS = Number(args.runs);
const root = fileURLToPath(new URL('..', import.meta.url));

/** The server's resident set size in bytes, from /proc (Linux). */
function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : null;
}

const mb = (bytes) => (bytes === null ? null : Math.round((bytes / 1e6) * 10) / 10);

/**
 * One download: time to the headers and to the first body chunk, total time and bytes, the
 * server's RSS before and its peak during the download. `bytesPerSecond` throttles the reader.
 */
async function download(server, url, token, bytesPerSecond = null) {
  const before = rssBytes(server.pid);
  let peak = before;
  let bytes = 0;
  // The RSS growth as the download goes: flat memory levels off, a pile-up keeps growing.
  const timeline = [];
  const sampler = setInterval(() => {
    const now = rssBytes(server.pid);
    if (now !== null && now > peak) peak = now;
    timeline.push([bytes, now]);
  }, 10);
  const cpu0 = cpuMs(server.pid);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const headersMs = performance.now() - started;
    const reader = res.body.getReader();
    let firstByteMs = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - started;
      bytes += value.length;
      if (bytesPerSecond) {
        const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - started);
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
    }
    const totalMs = performance.now() - started;
    return {
      status: res.status,
      headersMs: Math.round(headersMs),
      firstByteMs: Math.round(firstByteMs ?? totalMs),
      totalMs: Math.round(totalMs),
      bytes,
      serverCpuMs: cpuMs(server.pid) - cpu0,
      rssBeforeMb: mb(before),
      rssPeakGrowthMb: mb(peak - before),
      // Peak growth by the time each quarter of the file had arrived.
      rssGrowthByQuarterMb: [0.25, 0.5, 0.75, 1].map((q) =>
        mb(
          Math.max(
            0,
            ...timeline.filter(([b]) => b <= q * bytes).map(([, rss]) => (rss ?? before) - before),
          ),
        ),
      ),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Adds a usage row per subscription active in the month when it has none; returns a cleanup. */
async function ensureUsage(url, year, month) {
  const client = new pgLib.Client({ connectionString: url });
  await client.connect();
  try {
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const { rows } = await client.query(
      'select count(*)::int as n from subscription_monthly_usage where year = $1 and month = $2',
      [year, month],
    );
    if (rows[0].n > 0) return { added: 0, remove: async () => {} };
    const added = await client.query(
      `insert into subscription_monthly_usage (subscription_id, year, month, satellite_bytes, cellular_bytes)
       select id, $1, $2, (abs(hashtext(id::text)) % 400000) * 1000000::bigint,
              (abs(hashtext(reverse(id::text))) % 20000) * 1000000::bigint
       from subscriptions
       where start_date < ($3::date + interval '1 month') and end_date >= $3::date`,
      [year, month, from],
    );
    await client.query('analyze subscription_monthly_usage');
    return {
      added: added.rowCount,
      remove: async () => {
        const c = new pgLib.Client({ connectionString: url });
        await c.connect();
        await c.query('delete from subscription_monthly_usage where year = $1 and month = $2', [
          year,
          month,
        ]);
        await c.end();
      },
    };
  } finally {
    await client.end();
  }
}

/** The rows each report holds (ground truth from the database). */
async function rowCounts(url, year, month, northwindTree) {
  const client = new pgLib.Client({ connectionString: url });
  await client.connect();
  try {
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const active = `start_date < ($1::date + interval '1 month') and end_date >= $1::date`;
    const all = await client.query(`select count(*)::int as n from subscriptions where ${active}`, [
      from,
    ]);
    const tree = await client.query(
      `select count(*)::int as n from subscriptions where ${active} and account_id = any($2::uuid[])`,
      [from, northwindTree],
    );
    const small = await client.query(
      `select to_char(m, 'YYYY') as year, to_char(m, 'MM') as month, n from (
         select date_trunc('month', start_date) as m, count(*)::int as n from subscriptions
         group by 1 order by 1 limit 1) t`,
    );
    return { all: all.rows[0].n, tree: tree.rows[0].n, smallest: small.rows[0] };
  } finally {
    await client.end();
  }
}

async function run(databaseUrl, postgresPort, dataDir) {
  const { year, month } = await (async () => {
    if (args.month) {
      const [y, m] = args.month.split('-').map(Number);
      return { year: y, month: m };
    }
    const last = new Date();
    last.setUTCDate(1);
    last.setUTCMonth(last.getUTCMonth() - 1);
    return { year: last.getUTCFullYear(), month: last.getUTCMonth() + 1 };
  })();
  console.log(`== starting the server (${DEVICES} devices; generated on first use)`);
  const server = await startServer(root, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, DEVICES);
  const usage = await ensureUsage(databaseUrl, year, month);
  let stopped = false;
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const accountAdmin = await signIn(server.base, 'hannah.keller@northwind.example');
    const accounts = await (
      await fetch(`${server.base}/v2/accounts`, {
        headers: { authorization: `Bearer ${accountAdmin}` },
      })
    ).json();
    const tree = (Array.isArray(accounts) ? accounts : (accounts.items ?? [])).map((a) => a.id);
    const counts = await rowCounts(databaseUrl, year, month, tree);
    const mm = String(month).padStart(2, '0');
    const reportUrl = (y, m) => `${server.base}/v2/subscriptions/${y}/${m}`;
    const scenarios = [
      ['floor: /status', `${server.base}/status`, null, null, 0],
      [
        `small report: ${counts.smallest.month}/${counts.smallest.year}, staff`,
        reportUrl(counts.smallest.year, counts.smallest.month),
        staff,
        null,
        counts.smallest.n,
      ],
      [
        `largest report: ${mm}/${year}, staff (every account)`,
        reportUrl(year, mm),
        staff,
        null,
        counts.all,
      ],
      [
        `${mm}/${year}, Account Admin (Northwind tree)`,
        reportUrl(year, mm),
        accountAdmin,
        null,
        counts.tree,
      ],
      [
        `largest report, staff, client reading 1 MB/s`,
        reportUrl(year, mm),
        staff,
        1_000_000,
        counts.all,
      ],
    ];
    const results = {};
    for (const [label, url, token, rate, rows] of scenarios) {
      const runs = [];
      const times = rate ? 1 : RUNS;
      for (let i = 0; i < times; i++) {
        const pg0 = postgresCpuMs(postgresPort);
        const r = await download(server, url, token, rate);
        if (r.status !== 200) throw new Error(`${label}: ${r.status}`);
        r.postgresCpuMs = postgresCpuMs(postgresPort) - pg0;
        runs.push(r);
      }
      const median = (key) =>
        runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
      const summary = {
        rows,
        runs,
        firstByteMs: median('firstByteMs'),
        totalMs: median('totalMs'),
        bytes: runs[0].bytes,
        rssPeakGrowthMb: Math.max(...runs.map((r) => r.rssPeakGrowthMb)),
        rssGrowthByQuarterMb: runs[runs.length - 1].rssGrowthByQuarterMb,
        serverCpuMs: median('serverCpuMs'),
      };
      results[label] = summary;
      console.log(
        `${label.padEnd(48)} rows ${String(rows).padStart(6)}  first byte ${String(summary.firstByteMs).padStart(5)} ms  total ${String(summary.totalMs).padStart(6)} ms  ${String(mb(summary.bytes)).padStart(5)} MB  RSS +${summary.rssPeakGrowthMb} MB (by quarter ${summary.rssGrowthByQuarterMb.join('/')})  server CPU ${summary.serverCpuMs} ms`,
      );
    }
    await server.stop();
    stopped = true;
    const capped = await cappedHeapRun(databaseUrl, dataDir, reportUrl, year, mm, counts.all);
    return {
      year,
      month,
      usageRowsAdded: usage.added,
      readySeconds: server.readySeconds,
      scenarios: results,
      cappedHeap: capped,
    };
  } finally {
    if (!stopped) await server.stop();
    await usage.remove();
  }
}

/** The largest report from a server with its old space capped at `--heap-cap` MB. */
async function cappedHeapRun(databaseUrl, dataDir, reportUrlOf, year, mm, rows) {
  const cap = Number(args['heap-cap']);
  const server = await startServer(
    root,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_OPTIONS: `--max-old-space-size=${cap}`,
    },
    DEVICES,
  );
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const url = reportUrlOf(year, mm).replace(/^http:\/\/[^/]+/, server.base);
    const r = await download(server, url, staff);
    console.log(
      `${`largest report, server capped at ${cap} MB old space`.padEnd(48)} rows ${String(rows).padStart(6)}  status ${r.status}  total ${r.totalMs} ms  ${mb(r.bytes)} MB  RSS ${r.rssBeforeMb} MB +${r.rssPeakGrowthMb} MB`,
    );
    return { maxOldSpaceMb: cap, rows, ...r };
  } finally {
    await server.stop();
  }
}

const output = {
  date: new Date().toISOString(),
  machine: machineInfo(),
  devices: DEVICES,
  runs: RUNS,
};
const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-report-'));
try {
  if (args['database-url']) {
    const url = new URL(args['database-url']);
    Object.assign(output, await run(url.toString(), url.port, dataDir));
  } else {
    const pg = await startTestPostgres();
    try {
      const admin = new URL(pg.url);
      const url = new URL(pg.url);
      url.pathname = '/aerie_bench_report';
      const client = new pgLib.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query('drop database if exists aerie_bench_report');
      await client.query('create database aerie_bench_report');
      await client.end();
      output.postgres = pg.version;
      Object.assign(output, await run(url.toString(), url.port, dataDir));
    } finally {
      await pg.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/subscription-report-${DEVICES}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
