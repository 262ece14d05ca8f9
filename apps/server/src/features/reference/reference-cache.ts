import type { CacheKind } from '@aerie/contract';
import { cachedTable as cachedWholeTable, type CacheRegistry } from '../../plugins/cache.js';

/**
 * How long a reference table stays in memory. Catalogues change when the CRM or the hub
 * changes them; the cache clear of the table's kind (spec 000 §4) drops them at once.
 */
export const REFERENCE_TTL_MS = 10 * 60_000;

/** A reference table kept for REFERENCE_TTL_MS under the cache kind it belongs to. */
export function cachedTable<T>(
  caches: CacheRegistry,
  kind: CacheKind,
  name: string,
  load: () => Promise<T>,
): () => Promise<T> {
  return cachedWholeTable(caches, kind, `reference-${name}`, REFERENCE_TTL_MS, load);
}
