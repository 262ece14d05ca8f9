// The built server as a benchmark's own process, CPU readings from /proc and the closed-loop
// load process (bench/load.mjs): shared by the benchmarks that measure API calls.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { freePort } from './net.mjs';

/**
 * Starts `apps/server/dist/server.js` (or `entry`) with a generated fleet of `devices`;
 * `nodeArgs` go before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServer(
  root,
  env,
  devices,
  entry = join(root, 'apps/server/dist/server.js'),
  nodeArgs = [],
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      DEMO: '1',
      DEMO_FLEET_SIZE: String(devices),
      FLEET_SIMULATOR_INTERVAL_S: '0',
      DEMO_FLEET_HISTORY: '0',
      LOG_LEVEL: 'warn',
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
export function cpuMs(pid) {
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
export function postgresCpuMs(port) {
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
export const perRequest = (before, after, requests) =>
  before === null || after === null || !requests
    ? null
    : Math.round(((after - before) * 1000) / requests);

/** Runs bench/load.mjs: `concurrency` clients on `url` for `duration` seconds. */
export function load(root, url, headers, concurrency, duration) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'bench/load.mjs'),
        url,
        JSON.stringify(headers),
        String(concurrency),
        String(duration),
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

/**
 * Waits until a benchmark's server answers `GET /status` with 200; rejects when the process
 * exits first or the time runs out. Resolves with the seconds it took.
 */
export async function waitForServer(child, base, timeoutMs) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`server did not start within ${Math.round(timeoutMs / 60_000)} min`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return Math.round((Date.now() - started) / 1000);
}

/**
 * The machine a benchmark ran on. The 1/5/15-minute load averages when the run started (the
 * benchmark adds the end): other work on the machine takes CPU from the server, the database
 * and the load generator.
 */
export function machineInfo() {
  return {
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: os.loadavg().map((l) => Math.round(l * 10) / 10) },
  };
}
