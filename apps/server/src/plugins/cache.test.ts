import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCacheRegistry, sharedRefreshed } from './cache.js';
import { createInProcessLiveBus } from './live-bus.js';

const quiet = { info: () => undefined } as unknown as FastifyBaseLogger;

function setup() {
  let clock = 0;
  const caches = createCacheRegistry(createInProcessLiveBus(), quiet);
  const get = sharedRefreshed<number>(caches, 'device', 'test answers', {
    freshMs: 10,
    ttlMs: 100,
    now: () => clock,
  });
  let builds = 0;
  let fail = false;
  const build = async () => {
    builds += 1;
    if (fail) throw new Error('the database is down');
    return builds;
  };
  return {
    caches,
    ask: () => get('scope', build),
    at: (t: number) => (clock = t),
    get builds() {
      return builds;
    },
    failing: () => (fail = true),
  };
}

describe('sharedRefreshed (stale-while-revalidate)', () => {
  it('builds once for concurrent callers, then answers from the cache while fresh', async () => {
    const s = setup();
    expect(await Promise.all([s.ask(), s.ask()])).toEqual([1, 1]);
    s.at(9);
    expect(await s.ask()).toBe(1);
    expect(s.builds).toBe(1);
  });

  it('answers the stale value at once while one rebuild runs, then the new one', async () => {
    const s = setup();
    await s.ask();
    s.at(50);
    expect(await Promise.all([s.ask(), s.ask()])).toEqual([1, 1]);
    await Promise.resolve();
    await Promise.resolve();
    expect(await s.ask()).toBe(2);
    expect(s.builds).toBe(2);
  });

  it('keeps the old answer when a rebuild fails, and waits past the time to live', async () => {
    const s = setup();
    await s.ask();
    s.failing();
    s.at(50);
    expect(await s.ask()).toBe(1);
    s.at(200);
    await expect(s.ask()).rejects.toThrow('the database is down');
  });

  it('makes callers wait for a new build after a cache clear of its kind', async () => {
    const s = setup();
    await s.ask();
    await s.caches.clear('device');
    expect(await s.ask()).toBe(2);
  });

  it('does not keep a build begun before a clear, and builds anew for callers after it', async () => {
    const caches = createCacheRegistry(createInProcessLiveBus(), quiet);
    const get = sharedRefreshed<string>(caches, 'subscription', 'counts', {
      freshMs: 10_000,
      ttlMs: 10_000,
    });
    let release!: (value: string) => void;
    const before = get('all', () => new Promise<string>((resolve) => (release = resolve)));
    // A write commits and clears the kind while the count that read before it is running.
    await caches.clear('subscription');
    const after = get('all', async () => 'counted after the write');
    release('counted before the write');
    expect(await before).toBe('counted before the write');
    expect(await after).toBe('counted after the write');
    // What stays is the count that began after the clear.
    expect(await get('all', async () => 'a third count')).toBe('counted after the write');
  });
});
