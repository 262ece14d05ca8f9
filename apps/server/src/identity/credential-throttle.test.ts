import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  createCredentialThrottle,
  THROTTLE_POLICIES,
  type BackoffPolicy,
  type Bucket,
  type BucketState,
} from './credential-throttle.js';
import type { CredentialThrottleRepository } from './credential-throttle.repository.js';

/** The repository faked at its interface, with the same compare-and-set as its SQL. */
function fakeRepository() {
  const rows = new Map<string, BucketState>();
  const same = (a: BucketState | undefined, b: BucketState | null) =>
    a === undefined
      ? b === null
      : b !== null &&
        a.attempts === b.attempts &&
        a.lastAttemptAt.getTime() === b.lastAttemptAt.getTime() &&
        a.nextAttemptAt.getTime() === b.nextAttemptAt.getTime();
  // Every call yields first, as a query would, so concurrent attempts interleave.
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  const repo: CredentialThrottleRepository = {
    get: async (key) => {
      await tick();
      const row = rows.get(key);
      return row ? { ...row } : null;
    },
    replace: async (key, expected, next) => {
      await tick();
      if (!same(rows.get(key), expected)) return false;
      if (next) rows.set(key, { ...next });
      else rows.delete(key);
      return true;
    },
    remove: async (key) => {
      rows.delete(key);
    },
    purgeStale: async () => 0,
  };
  return { repo, rows };
}

const NOW = Date.parse('2026-11-24T10:00:00Z');
const guesser: BackoffPolicy = THROTTLE_POLICIES.guesser;
const account: BackoffPolicy = THROTTLE_POLICIES.account;
const bucket = (key: string, policy: BackoffPolicy, onSuccess: Bucket['onSuccess']): Bucket => ({
  key,
  policy,
  onSuccess,
});

function setup() {
  const { repo, rows } = fakeRepository();
  const clock = { now: NOW };
  const throttle = createCredentialThrottle(repo, () => clock.now);
  /** An attempt that fails (when allowed): the wait in seconds, 0 when it was let through. */
  const fail = async (...buckets: Bucket[]) => {
    const answer = await throttle.attempt(buckets);
    if (!answer.allowed) return answer.waitSeconds;
    await answer.settle(false);
    return 0;
  };
  return { throttle, rows, clock, fail };
}

describe('the back-off', () => {
  it('lets the free attempts through, then doubles the wait up to the longest', () => {
    expect([1, 4, 5, 6, 7].map((n) => backoffMs(guesser, n))).toEqual([
      0, 0, 15_000, 30_000, 60_000,
    ]);
    expect(backoffMs(guesser, 50)).toBe(15 * 60_000);
    expect(backoffMs(account, 19)).toBe(0);
    expect(backoffMs(account, 20)).toBe(1_000);
    expect(backoffMs(account, 10_000)).toBe(30_000);
  });
});

describe('credential throttle', () => {
  it('makes a guesser wait after five failures, longer each time, and counts no refused attempt', async () => {
    const { clock, fail, rows } = setup();
    const b = bucket('g', guesser, 'forget');
    for (let i = 0; i < 5; i++) expect(await fail(b)).toBe(0);
    expect(await fail(b)).toBe(15);
    clock.now += 5_000;
    expect(await fail(b)).toBe(10);
    expect(rows.get('g')!.attempts).toBe(5);
    clock.now += 10_000;
    expect(await fail(b)).toBe(0);
    expect(await fail(b)).toBe(30);
  });

  it('forgets a bucket left alone long enough', async () => {
    const { clock, fail } = setup();
    const b = bucket('g', guesser, 'forget');
    for (let i = 0; i < 5; i++) await fail(b);
    clock.now += guesser.forgetAfterMs;
    for (let i = 0; i < 5; i++) expect(await fail(b)).toBe(0);
  });

  it('answers with the longest wait of the buckets an attempt passes', async () => {
    const { fail } = setup();
    const g = bucket('g', guesser, 'forget');
    const a = bucket('a', { ...account, free: 2 }, 'undo');
    await fail(g, a);
    await fail(g, a);
    expect(await fail(bucket('g2', guesser, 'forget'), a)).toBe(1);
  });

  it('forgets the guesser and takes the attempt back from an account on success', async () => {
    const { throttle, rows, fail } = setup();
    const g = bucket('g', guesser, 'forget');
    const a = bucket('a', account, 'undo');
    for (let i = 0; i < 3; i++) await fail(g, a);
    const answer = await throttle.attempt([g, a]);
    expect(answer.allowed).toBe(true);
    if (answer.allowed) await answer.settle(true);
    expect(rows.has('g')).toBe(false);
    expect(rows.get('a')!.attempts).toBe(3);
  });

  it('never lets parallel attempts share one allowance', async () => {
    const { throttle } = setup();
    const b = bucket('g', { ...guesser, free: 1 }, 'forget');
    const answers = await Promise.all(Array.from({ length: 5 }, () => throttle.attempt([b])));
    expect(answers.filter((a) => a.allowed)).toHaveLength(1);
  });

  it('holds an account back by at most 30 seconds, however many the failures', async () => {
    const { clock, fail } = setup();
    const a = bucket('a', account, 'undo');
    let longest = 0;
    for (let i = 0; i < 200; i++) {
      const wait = await fail(a);
      longest = Math.max(longest, wait);
      clock.now += wait * 1000;
    }
    expect(longest).toBe(30);
  });
});
