import type { CacheKind } from '@aerie/contract';
import type { CacheRegistry } from '../../plugins/cache.js';

/**
 * How long a reference table stays in memory. Catalogues change when the CRM or the hub
 * changes them; the cache clear of the table's kind (spec 000 §4) drops them at once.
 */
export const REFERENCE_TTL_MS = 10 * 60_000;

const ENTRY = 'all';

/**
 * A loader of one whole table that reads the database only when the cache of `kind` has no
 * fresh copy. Concurrent first calls may load twice; the tables are tiny.
 */
export function cachedTable<T>(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  load: () => Promise<T>,
): () => Promise<T> {
  const cache = caches.register<T>(kind, `reference-${name}`, {
    ttlMs: REFERENCE_TTL_MS,
    maxEntries: 1,
  });
  return async () => {
    const hit = cache.get(ENTRY);
    if (hit !== undefined) return hit;
    const value = await load();
    cache.set(ENTRY, value);
    return value;
  };
}
