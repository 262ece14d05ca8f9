/** A gap between idle callbacks longer than this means the main thread was busy (a long task). */
const BUSY_GAP_MS = 100;
/** An idle period shorter than this means a frame or a task is due: the page is not quiet yet. */
const FULL_IDLE_MS = 30;

/**
 * Calls `callback` once the page has been quiet for `quietMs`: idle callbacks that come without
 * long gaps and with whole idle periods (no task over ~50 ms, no frame due) for that long, or
 * after `maxWaitMs` whatever the page does. Returns a cancel. Without requestIdleCallback it
 * waits `quietMs` on a timer.
 */
export function afterQuiet(callback: () => void, quietMs: number, maxWaitMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, quietMs);
    return () => window.clearTimeout(timer);
  }
  const start = performance.now();
  let quietSince = start;
  let last = start;
  let handle = 0;
  const step = (deadline: IdleDeadline): void => {
    const now = performance.now();
    if (
      now - last > BUSY_GAP_MS ||
      (!deadline.didTimeout && deadline.timeRemaining() < FULL_IDLE_MS)
    )
      quietSince = now;
    last = now;
    if (now - quietSince >= quietMs || now - start >= maxWaitMs || deadline.didTimeout) {
      callback();
      return;
    }
    handle = requestIdleCallback(step, { timeout: Math.max(1, maxWaitMs - (now - start)) });
  };
  handle = requestIdleCallback(step, { timeout: maxWaitMs });
  return () => cancelIdleCallback(handle);
}
