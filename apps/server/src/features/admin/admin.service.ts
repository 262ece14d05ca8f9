import { cacheClearedMessage, type CacheKind } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import { assertCan } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';

export function createAdminService(caches: CacheRegistry) {
  return {
    /** Clears the kind's caches on every instance (spec 000 §4, "Cache clears"). */
    async clearCache(principal: Principal, kind: CacheKind) {
      assertCan(principal, 'cache.clear');
      await caches.clear(kind);
      return { kind, message: cacheClearedMessage(kind) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
