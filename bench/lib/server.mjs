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
