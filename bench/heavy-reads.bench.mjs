#!/usr/bin/env node
// Benchmark of heavy reads against everyone else (issue 14, docs/security.md): how long the
// hello-world route /status takes while one user runs maximal metric queries or full device
// lists at once, with the per-user concurrency limit of heavy reads off and on. Starts the built
// server as its own process on the embedded database (PGlite) with the demo fleet and its
// history, signs in through the real identity provider, and probes /status every 50 ms during
// each scenario.
//
//   npm run build:packages && npm run build -w apps/server
//   node bench/heavy-reads.bench.mjs [--duration 8] [--devices 1500] [--users 3]
//
// Writes bench/results/heavy-reads.json and prints a table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { freePort } from './lib/net.mjs';
import { signIn } from './lib/sign-in.mjs';
import { machineInfo, waitForServer } from './lib/bench-server.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    devices: { type: 'string', default: '1500' },
    users: { type: 'string', default: '3' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build:packages && npm run build -w apps/server');
  process.exit(2);
}

/** Staff users of the demo (each may run heavy reads on every account). */
const STAFF = [
  'sofia.reyes@aerie.example',
  'marcus.chen@aerie.example',
  'priya.natarajan@aerie.example',
  'tomas.okafor@aerie.example',
];

async function startServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      DEMO: '1',
      DEMO_FLEET_SIZE: args.devices,
      FLEET_SIMULATOR_INTERVAL_S: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const readySeconds = await waitForServer(child, base, 30 * 60_000);
  return {
    base,
    readySeconds,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
const round = (n) => (n === null ? null : Math.round(n * 10) / 10);

/** /status every 50 ms until `until`: its latencies in ms. */
async function probeStatus(base, until) {
  const latencies = [];
  while (Date.now() < until) {
    const t = performance.now();
    await (await fetch(`${base}/status`)).arrayBuffer();
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  return latencies.sort((a, b) => a - b);
}

/** `concurrency` loops calling `call` until `until`; counts answers by status. */
async function hammer(call, concurrency, until) {
  const statuses = {};
  const durations = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) durations.push(performance.now() - t);
        // A refused call waits as it was told (Retry-After), as the web app does.
        if (res.status === 429)
          await new Promise((r) =>
            setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000),
          );
      }
    }),
  );
  durations.sort((a, b) => a - b);
  return { statuses, heavyP50: round(percentile(durations, 50)) };
}

async function scenario(base, label, load) {
  const until = Date.now() + DURATION_MS;
  const [status, heavy] = await Promise.all([probeStatus(base, until), load(until)]);
  const result = {
    status: {
      probes: status.length,
      p50: round(percentile(status, 50)),
      p99: round(percentile(status, 99)),
      max: round(status.at(-1) ?? null),
    },
    ...heavy,
  };
  console.log(
    `${label.padEnd(52)} /status p50 ${String(result.status.p50).padStart(7)} ms  p99 ${String(result.status.p99).padStart(7)} ms  max ${String(result.status.max).padStart(7)} ms  answers ${JSON.stringify(heavy.statuses ?? {})}`,
  );
  return result;
}

async function run(name, env) {
  console.log(`\n== ${name}: starting the server with the demo fleet (${args.devices} devices)`);
  const server = await startServer(env);
  try {
    const users = Number(args.users);
    const tokens = [];
    for (const email of STAFF.slice(0, users)) tokens.push(await signIn(server.base, email));
    const get = (token, path) =>
      fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const post = (token, path, body) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // The maximal metric query: 10 devices with metric history, every metric of the provider,
    // 30 days (the showcase devices of the demo fleet hold 30 days).
    const provider = (await (await get(tokens[0], '/v2/info/metrics')).json())[0];
    const metrics = provider.types.slice(0, 10).map((t) => t.shortcode);
    const endDate = new Date().toISOString();
    const startDate = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const online = await (
      await get(
        tokens[0],
        '/v2/devices?take=2000&fields=Id&filters=NetworkStatus.SatelliteOnline:true',
      )
    ).json();
    const withHistory = [];
    for (let i = 0; i < online.items.length && withHistory.length < 10; i += 10) {
      const ids = online.items.slice(i, i + 10).map((d) => d.id);
      const res = await post(tokens[0], '/v2/devices/metrics', {
        provider: provider.providerShortcode,
        metrics: [metrics[0]],
        deviceIds: ids,
        startDate,
        endDate,
      });
      for (const s of (await res.json()).metrics ?? [])
        if (s.sampleCount > 100 && withHistory.length < 10) withHistory.push(s.deviceId);
    }
    const metricBody = {
      provider: provider.providerShortcode,
      metrics,
      deviceIds: withHistory,
      startDate,
      endDate,
    };
    const metricQuery = (token) => post(token, '/v2/devices/metrics', metricBody);
    const fullList = (token) =>
      get(
        token,
        '/v2/devices?take=10000&sortField=Name&fields=Id,Name,Serial,AccountName,ProductCode,NetworkStatus,Components',
      );

    const results = {
      readySeconds: server.readySeconds,
      metricQuery: { devices: withHistory.length, metrics: metrics.length, days: 30 },
    };
    results.idle = await scenario(server.base, 'idle', async (until) => {
      while (Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      return {};
    });
    results.metrics6OneUser = await scenario(
      server.base,
      '6 concurrent maximal metric queries, one user',
      (until) => hammer(() => metricQuery(tokens[0]), 6, until),
    );
    results.lists4OneUser = await scenario(
      server.base,
      '4 concurrent full device lists (10,000), one user',
      (until) => hammer(() => fullList(tokens[0]), 4, until),
    );
    results.metrics2EachUsers = await scenario(
      server.base,
      `2 concurrent maximal metric queries each, ${users} users`,
      async (until) => {
        const parts = await Promise.all(tokens.map((t) => hammer(() => metricQuery(t), 2, until)));
        const statuses = {};
        for (const p of parts)
          for (const [k, v] of Object.entries(p.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
        return { statuses };
      },
    );
    return results;
  } finally {
    await server.stop();
  }
}

const output = {
  date: new Date().toISOString(),
  machine: machineInfo(),
  devices: Number(args.devices),
  durationSeconds: DURATION_MS / 1000,
  runs: {},
};
for (const [name, heavy] of [
  ['limits off (HEAVY_CALLS_PER_USER=1000)', '1000'],
  ['limits on (HEAVY_CALLS_PER_USER=2, the default)', '2'],
]) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-heavy-'));
  try {
    output.runs[name] = await run(name, { DATA_DIR: dataDir, HEAVY_CALLS_PER_USER: heavy });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/heavy-reads.json'), `${JSON.stringify(output, null, 2)}\n`);
console.log('\nwritten to bench/results/heavy-reads.json');
