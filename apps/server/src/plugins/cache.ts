import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cacheKindSchema, type CacheKind } from '@aerie/contract';
import { LIVE_CHANNELS, type LiveBus } from './live-bus.js';

/** A bounded in-memory cache whose entries expire after a fixed time. */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
  /**
   * How many times the cache was cleared: a value computed from data read before a clear must
   * not be stored after it (a count begun before a write committed).
   */
  readonly generation: number;
}

export interface TtlCacheOptions {
  ttlMs: number;
  /** Past this many entries the oldest written is evicted. */
  maxEntries?: number;
  now?: () => number;
}

export function createTtlCache<V>({
  ttlMs,
  maxEntries = 10_000,
  now = Date.now,
}: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
      generation += 1;
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}

/**
 * Named caches that features register under a kind of spec 000 §4 ("Cache
 * clears"). Clearing a kind clears it on every instance through the live bus.
 */
export interface CacheRegistry {
  register<V>(kind: CacheKind, name: string, options: TtlCacheOptions): TtlCache<V>;
  /** Clears this instance's caches of the kind at once and tells the other instances. */
  clear(kind: CacheKind): Promise<void>;
  /** Names of the caches registered under a kind (health page, tests). */
  names(kind: CacheKind): string[];
  close(): void;
}

export function createCacheRegistry(bus: LiveBus, log: FastifyBaseLogger): CacheRegistry {
  const instanceId = randomUUID();
  const registered = new Map<CacheKind, Map<string, TtlCache<unknown>>>();

  function clearLocal(kind: CacheKind): void {
    for (const cache of registered.get(kind)?.values() ?? []) cache.clear();
  }

  const unsubscribe = bus.subscribe(LIVE_CHANNELS.cacheClear, (payload) => {
    const message = payload as { kind?: unknown; from?: unknown };
    const kind = cacheKindSchema.safeParse(message.kind);
    if (!kind.success) return;
    if (message.from !== instanceId)
      log.info({ kind: kind.data }, 'cache cleared by another instance');
    clearLocal(kind.data);
  });

  return {
    register<V>(kind: CacheKind, name: string, options: TtlCacheOptions): TtlCache<V> {
      const byName = registered.get(kind) ?? new Map<string, TtlCache<unknown>>();
      registered.set(kind, byName);
      if (byName.has(name)) throw new Error(`cache ${kind}/${name} is registered twice`);
      const cache = createTtlCache<V>(options);
      byName.set(name, cache);
      return cache;
    },
    async clear(kind) {
      clearLocal(kind);
      await bus.publish(LIVE_CHANNELS.cacheClear, { kind, from: instanceId });
    },
    names(kind) {
      return [...(registered.get(kind)?.keys() ?? [])];
    },
    close() {
      unsubscribe();
    },
  };
}

const WHOLE_TABLE = 'all';

/**
 * A loader of one small whole table (a catalogue) that reads the database only when the cache
 * of `kind` has no fresh copy; the cache clear of that kind (spec 000 §4) drops it at once.
 * Concurrent first calls may load twice; such tables are tiny.
 */
export function cachedTable<T>(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  ttlMs: number,
  load: () => Promise<T>,
): () => Promise<T> {
  const cache = caches.register<T>(kind, name, { ttlMs, maxEntries: 1 });
  return async () => {
    const hit = cache.get(WHOLE_TABLE);
    if (hit !== undefined) return hit;
    const value = await load();
    cache.set(WHOLE_TABLE, value);
    return value;
  };
}

/**
 * Counts shared for `ttlMs` per key under a cache kind (the cache clear of that kind drops
 * them at once); concurrent requests for one key wait for the same count. The
 * {@link sharedRefreshed} cache with nothing answered stale.
 */
export function sharedCounts<T = number>(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  options: TtlCacheOptions,
): (key: string, count: () => Promise<T>) => Promise<T> {
  return sharedRefreshed<T>(caches, kind, name, { ...options, freshMs: options.ttlMs });
}

export interface RefreshedOptions extends TtlCacheOptions {
  /** How long an answer is fresh; after that, until `ttlMs`, it is answered while rebuilt. */
  freshMs: number;
}

/**
 * Answers shared per key under a cache kind, stale-while-revalidate: concurrent callers wait
 * for one build; an answer older than `freshMs` is still given while one rebuild runs in the
 * background (its failure keeps the old answer); past `ttlMs`, or after a cache clear of the
 * kind, callers wait for the build. With `freshMs` below `ttlMs`: answers that take a second to
 * build (the fleet summary, the map's clusters) and may be a little old. A build begun before a
 * cache clear serves only the callers who were waiting for it: it is not stored, and a caller
 * after the clear waits for a build of its own (it may count what the clear's write changed).
 */
export function sharedRefreshed<T>(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  { freshMs, now = Date.now, ...options }: RefreshedOptions,
): (key: string, build: () => Promise<T>) => Promise<T> {
  const cache = caches.register<{ value: T; builtAt: number }>(kind, name, { ...options, now });
  const building = new Map<string, { generation: number; pending: Promise<T> }>();
  const rebuild = (key: string, build: () => Promise<T>): Promise<T> => {
    const generation = cache.generation;
    const current = building.get(key);
    if (current?.generation === generation) return current.pending;
    const pending = build()
      .then((value) => {
        if (cache.generation === generation) cache.set(key, { value, builtAt: now() });
        return value;
      })
      .finally(() => {
        if (building.get(key)?.pending === pending) building.delete(key);
      });
    building.set(key, { generation, pending });
    return pending;
  };
  return async (key, build) => {
    const cached = cache.get(key);
    if (cached === undefined) return rebuild(key, build);
    if (now() - cached.builtAt >= freshMs) {
      rebuild(key, build).catch(() => {
        // the old answer stays until its time is up; the next caller tries again
      });
    }
    return cached.value;
  };
}
