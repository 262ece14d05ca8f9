import { createHash } from 'node:crypto';
import type { Principal } from './auth.js';

/**
 * Which accounts a caller sees (ARCHITECTURE §4). `all` for provider staff, so
 * repositories can skip the filter; otherwise the explicit list of ids.
 */
export type AccountScope = { all: true } | { all: false; accountIds: readonly string[] };

/**
 * The tenancy core, implemented by features/accounts and handed by app.ts to
 * every feature that returns tenant data. Objects outside the scope answer 404.
 */
export interface Tenancy {
  scope(principal: Principal): Promise<AccountScope>;
  /** Every account id the caller sees (for staff: every account). */
  visibleAccountIds(principal: Principal): Promise<readonly string[]>;
  canSeeAccount(principal: Principal, accountId: string): Promise<boolean>;
}

/** A short key of a scope for caches of per-scope answers: `all`, or a hash of the account ids. */
export function scopeKey(scope: AccountScope): string {
  return scope.all
    ? 'all'
    : createHash('sha256')
        .update([...scope.accountIds].sort().join(','))
        .digest('base64url');
}
