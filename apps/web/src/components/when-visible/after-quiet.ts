/** A gap between idle callbacks longer than this means the main thread was busy (a long task). */
const BUSY_GAP_MS = 100;
/** An idle period shorter than this means a frame or a task is due: the page is not quiet yet. */
const FULL_IDLE_MS = 30;

/**
 * Ends of the page's long tasks and finished requests, as they happen (Chromium reports both;
 * elsewhere only what the idle callbacks show counts). Returns the latest end, whether long
 * tasks are reported, and a stop.
 */
function watchBusy(): { latest: () => number; longTasks: boolean; stop: () => void } {
  let latest = 0;
  if (typeof PerformanceObserver === 'undefined')
    return { latest: () => latest, longTasks: false, stop: () => {} };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      latest = Math.max(latest, entry.startTime + entry.duration);
  });
  const supported = PerformanceObserver.supportedEntryTypes ?? [];
  for (const type of ['longtask', 'resource'])
    if (supported.includes(type)) observer.observe({ type });
  return {
    latest: () => latest,
    longTasks: supported.includes('longtask'),
    stop: () => observer.disconnect(),
  };
}

/**
 * Calls `callback` once the page has been quiet for `quietMs`: no long task (over 50 ms), no
 * request finishing, no frame due and `isBusy` (e.g. requests in flight) false for that long,
 * or after `maxWaitMs` whatever the page does. Returns a cancel. Without requestIdleCallback it
 * waits `quietMs` on a timer.
 */
export function afterQuiet(
  callback: () => void,
  quietMs: number,
  maxWaitMs: number,
  isBusy: () => boolean = () => false,
): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, quietMs);
    return () => window.clearTimeout(timer);
  }
  const busy = watchBusy();
  const start = performance.now();
  let quietSince = start;
  let last = start;
  let handle = 0;
  const step = (deadline: IdleDeadline): void => {
    const now = performance.now();
    // NOTE: a short idle period (a frame due) counts as busy only where long tasks are not
    // reported: an animation on the page (a loading spinner) makes every idle period short,
    // and the fleet map waited the whole 15 s for a quiet that never came (issue 15).
    const frameDue =
      !busy.longTasks && !deadline.didTimeout && deadline.timeRemaining() < FULL_IDLE_MS;
    if (now - last > BUSY_GAP_MS || frameDue || isBusy()) quietSince = now;
    quietSince = Math.max(quietSince, busy.latest());
    last = now;
    if (now - quietSince >= quietMs || now - start >= maxWaitMs || deadline.didTimeout) {
      busy.stop();
      callback();
      return;
    }
    handle = requestIdleCallback(step, { timeout: Math.max(1, maxWaitMs - (now - start)) });
  };
  handle = requestIdleCallback(step, { timeout: maxWaitMs });
  return () => {
    busy.stop();
    cancelIdleCallback(handle);
  };
}
