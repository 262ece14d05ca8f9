import type { CacheKind } from '@aerie/contract';
import type { CacheRegistry } from '../../plugins/cache.js';
import type { NamedRow } from './devices.repository.js';

/** The names of a page's accounts or products, by id (or product code). */
export type NameLookup = ReadonlyMap<string, string>;

/**
 * Names by id, kept per instance for `ttlMs` under a cache kind (the kind's clear drops them on
 * every instance at once): the device list's page reads its accounts' and products' names here
 * instead of joining them for every page (decision 019 amendment, session 17). The ids a page
 * needs that are not kept are read in one query; a name read before a clear of the kind is
 * used for that page but not kept.
 */
export function nameDirectory(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  ttlMs: number,
  load: (ids: readonly string[]) => Promise<NamedRow[]>,
): (ids: Iterable<string | null>) => Promise<NameLookup> {
  const cache = caches.register<string>(kind, name, { ttlMs, maxEntries: 100_000 });
  return async (ids) => {
    const names = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      if (id === null || names.has(id)) continue;
      const kept = cache.get(id);
      if (kept === undefined) {
        if (!missing.includes(id)) missing.push(id);
      } else {
        names.set(id, kept);
      }
    }
    if (missing.length === 0) return names;
    const generation = cache.generation;
    for (const row of await load(missing)) {
      names.set(row.id, row.name);
      if (cache.generation === generation) cache.set(row.id, row.name);
    }
    return names;
  };
}
