// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterQuiet } from './after-quiet';

/** Idle callbacks run by hand at chosen times, with a chosen idle period left. */
function fakeIdle() {
  let now = 0;
  let pending: IdleRequestCallback | null = null;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    pending = callback;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => {
    pending = null;
  });
  return {
    /** Runs the pending idle callback at `at` ms with `left` ms of idle period. */
    idle(at: number, left = 50, didTimeout = false) {
      now = at;
      const callback = pending;
      pending = null;
      callback?.({ didTimeout, timeRemaining: () => left });
    },
    get waiting() {
      return pending !== null;
    },
  };
}

describe('afterQuiet', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('calls back once the page has been idle for the quiet time', () => {
    const clock = fakeIdle();
    const done = vi.fn();
    afterQuiet(done, 1000, 10_000);
    for (let t = 50; t < 1000; t += 50) clock.idle(t);
    expect(done).not.toHaveBeenCalled();
    clock.idle(1000);
    expect(done).toHaveBeenCalledOnce();
    expect(clock.waiting).toBe(false);
  });

  it('starts over after a long task (a gap between idle callbacks) or a short idle period', () => {
    const clock = fakeIdle();
    const done = vi.fn();
    afterQuiet(done, 1000, 10_000);
    clock.idle(50);
    clock.idle(900); // a long task ran from 50 to 900
    clock.idle(950);
    clock.idle(1100);
    expect(done).not.toHaveBeenCalled();
    clock.idle(1150, 5); // a frame is due: not quiet
    for (let t = 1200; t < 2150; t += 50) clock.idle(t);
    expect(done).not.toHaveBeenCalled();
    clock.idle(2150);
    expect(done).toHaveBeenCalledOnce();
  });

  it('starts over after a long task or a finished request the browser reports', () => {
    const clock = fakeIdle();
    let report: (entries: { startTime: number; duration: number }[]) => void = () => undefined;
    const observed: string[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
            report = (entries) => callback({ getEntries: () => entries });
          }
          observe({ type }: { type: string }) {
            observed.push(type);
          }
          disconnect() {}
        },
        { supportedEntryTypes: ['longtask', 'resource', 'paint'] },
      ),
    );
    const done = vi.fn();
    afterQuiet(done, 1000, 10_000);
    expect(observed).toEqual(['longtask', 'resource']);
    for (let t = 50; t < 900; t += 50) clock.idle(t);
    report([{ startTime: 700, duration: 200 }]); // a request that ended at 900
    // Short idle periods (an animation's frames) do not count where long tasks are reported.
    for (let t = 900; t < 1900; t += 50) clock.idle(t, 8);
    expect(done).not.toHaveBeenCalled();
    clock.idle(1900, 8);
    expect(done).toHaveBeenCalledOnce();
  });

  it('is not quiet while the caller says the page is busy', () => {
    const clock = fakeIdle();
    const done = vi.fn();
    let busy = true;
    afterQuiet(done, 1000, 10_000, () => busy);
    for (let t = 50; t <= 2000; t += 50) clock.idle(t);
    expect(done).not.toHaveBeenCalled();
    busy = false;
    for (let t = 2050; t < 3000; t += 50) clock.idle(t);
    expect(done).not.toHaveBeenCalled();
    clock.idle(3000);
    expect(done).toHaveBeenCalledOnce();
  });

  it('gives up waiting after the longest wait', () => {
    const clock = fakeIdle();
    const done = vi.fn();
    afterQuiet(done, 1000, 3000);
    clock.idle(3000, 0, true);
    expect(done).toHaveBeenCalledOnce();
  });

  it('can be cancelled', () => {
    const clock = fakeIdle();
    const done = vi.fn();
    const cancel = afterQuiet(done, 1000, 3000);
    cancel();
    expect(clock.waiting).toBe(false);
  });
});
