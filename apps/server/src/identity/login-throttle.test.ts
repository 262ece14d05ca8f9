import { describe, expect, it } from 'vitest';
import { createLoginThrottle, THROTTLE } from './login-throttle.js';
import type { LoginThrottleRepository, ThrottleFailure } from './login-throttle.repository.js';

/** The repository faked at its interface: one map of keys to their lock time. */
function fakeRepository() {
  const lockedUntil = new Map<string, Date | null>();
  const failures: [string, ThrottleFailure][] = [];
  const repo: LoginThrottleRepository = {
    lockedUntil: async (key) => lockedUntil.get(key) ?? null,
    recordFailure: async (key, f) => {
      failures.push([key, f]);
    },
    remove: async (key) => {
      lockedUntil.delete(key);
    },
    purgeStale: async () => 0,
  };
  return { repo, lockedUntil, failures };
}

const NOW = Date.parse('2026-11-24T10:00:00Z');

describe('login throttle', () => {
  it('counts a failure with the window and lock times from its clock', async () => {
    const { repo, failures } = fakeRepository();
    await createLoginThrottle(repo, () => NOW).recordFailure('a@example.com');
    expect(failures).toHaveLength(1);
    const [key, f] = failures[0]!;
    expect(key).not.toContain('example');
    expect(f).toEqual({
      at: new Date(NOW),
      windowStart: new Date(NOW - THROTTLE.windowMs),
      lockUntil: new Date(NOW + THROTTLE.lockMs),
      maxFailures: THROTTLE.maxFailures,
    });
  });

  it('treats a login name the same whatever its case and surrounding spaces', async () => {
    const { repo, failures } = fakeRepository();
    const throttle = createLoginThrottle(repo, () => NOW);
    await throttle.recordFailure('Ann@Example.com');
    await throttle.recordFailure('  ann@example.com ');
    expect(failures[0]![0]).toBe(failures[1]![0]);
  });

  it('is locked only until the stored time, says for how long, and not after a reset', async () => {
    const { repo, lockedUntil, failures } = fakeRepository();
    let now = NOW;
    const throttle = createLoginThrottle(repo, () => now);
    await throttle.recordFailure('b@example.com');
    const key = failures[0]![0];
    lockedUntil.set(key, new Date(NOW + 1500));
    expect(await throttle.lockedForSeconds('b@example.com')).toBe(2);
    now = NOW + 1500;
    expect(await throttle.lockedForSeconds('b@example.com')).toBe(0);
    now = NOW;
    await throttle.reset('B@example.com');
    expect(await throttle.lockedForSeconds('b@example.com')).toBe(0);
  });

  it('is not locked for a name it never counted', async () => {
    const { repo } = fakeRepository();
    expect(await createLoginThrottle(repo, () => NOW).lockedForSeconds('c@example.com')).toBe(0);
  });
});
