import os from 'node:os';

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
