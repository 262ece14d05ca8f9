import { api, isStaffRole, type Account } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import { createAuthorize } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { scopeOf, type AccountScope, type Tenancy } from '../../plugins/tenancy.js';
import { presentAccount } from './accounts.presenter.js';
import type { AccountsRepository } from './accounts.repository.js';

/** Visible account ids are cached per caller briefly; the "account" cache clear drops them. */
export const VISIBLE_ACCOUNTS_TTL_MS = 30_000;

export function createAccountsService(repo: AccountsRepository, caches: CacheRegistry) {
  const visible = caches.register<readonly string[]>('account', 'visible-account-ids', {
    ttlMs: VISIBLE_ACCOUNTS_TTL_MS,
  });

  const tenancy: Tenancy = {
    scope: (principal: Principal): Promise<AccountScope> => scopeOf(principal, tenancy),

    async visibleAccountIds(principal: Principal): Promise<readonly string[]> {
      // Role and account are in the key so a changed user never reads another scope's entry.
      const key = `${principal.userId}:${principal.role}:${principal.accountId}`;
      const cached = visible.get(key);
      if (cached) return cached;
      const ids = Object.freeze(
        isStaffRole(principal.role)
          ? await repo.allIds()
          : await repo.treeIds(principal.accountId, principal.userId),
      );
      visible.set(key, ids);
      return ids;
    },

    async canSeeAccount(principal: Principal, accountId: string): Promise<boolean> {
      if (isStaffRole(principal.role)) return true;
      return (await tenancy.visibleAccountIds(principal)).includes(accountId);
    },
  };

  /** The authorization step of every service (services.ts hands it out): it reads this tenancy. */
  const authorize = createAuthorize(tenancy);

  return {
    tenancy,
    authorize,

    /** `GET /v2/accounts`: every account the caller sees, by name. */
    async list(principal: Principal): Promise<Account[]> {
      const { scope } = await authorize(principal, api.accounts.list.access);
      const rows = scope.all ? await repo.listAll() : await repo.listByIds(scope.accountIds);
      return rows.map(presentAccount);
    },

    /** `GET /v2/accounts/sharedWith`: accounts shared with the caller beyond their own. */
    async sharedWith(principal: Principal): Promise<Account[]> {
      await authorize(principal, api.accounts.sharedWith.access);
      return (await repo.sharedWith(principal.userId)).map(presentAccount);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
