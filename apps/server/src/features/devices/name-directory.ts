import type { CacheKind } from '@aerie/contract';
import type { CacheRegistry } from '../../plugins/cache.js';
import { asciiJson, type JsonText } from '../../plugins/serialization.js';
import type { NamedRow } from './devices.repository.js';

/**
 * The names of a page's accounts or products, by id (or product code), each as the JSON string
 * the answer writes (`asciiJson`: written once per name, not once per row).
 */
export type NameLookup = ReadonlyMap<string, JsonText<string>>;

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
  const cache = caches.register<JsonText<string>>(kind, name, { ttlMs, maxEntries: 100_000 });
  return async (ids) => {
    const names = new Map<string, JsonText<string>>();
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
      const literal = asciiJson(row.name) as JsonText<string>;
      names.set(row.id, literal);
      if (cache.generation === generation) cache.set(row.id, literal);
    }
    return names;
  };
}
