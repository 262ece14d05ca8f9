import type { Locator } from 'playwright-core';

const POLL_MS = 100;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the element looks the same in two screenshots in a row: a scroll, an animation,
 * a chart or a map has finished drawing. At most `timeout` ms, and it never fails a test: it is
 * for the screenshots kept as artifacts (on a busy machine a fixed pause is too short, on a quiet
 * one too long).
 */
export async function untilStill(locator: Locator, timeout = 5_000): Promise<void> {
  if ((await locator.count()) === 0) return;
  const end = Date.now() + timeout;
  let last: Buffer | null = null;
  while (Date.now() < end) {
    const shot = await locator
      .screenshot({ animations: 'allow', timeout: Math.max(1, end - Date.now()) })
      .catch(() => null);
    if (shot && last?.equals(shot)) return;
    last = shot;
    await pause(POLL_MS);
  }
  if (process.env['E2E_SETTLE_LOG'] === '1')
    process.stderr.write(`[e2e] untilStill: ${String(locator)} still moving after ${timeout} ms\n`);
}
