import { api, cacheClearedMessage, type CacheKind } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';

export function createCachesService(caches: CacheRegistry, authorize: Authorize) {
  return {
    /** Clears the kind's caches on every instance (spec 000 §4, "Cache clears"). */
    async clearCache(principal: Principal, kind: CacheKind) {
      await authorize(principal, api.health.clearCache.access);
      await caches.clear(kind);
      return { kind, message: cacheClearedMessage(kind) };
    },
  };
}
export type CachesService = ReturnType<typeof createCachesService>;
