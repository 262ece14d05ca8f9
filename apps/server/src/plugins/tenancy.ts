import { createHash } from 'node:crypto';
import { isStaffRole, type Device } from '@aerie/contract';
import type { Principal } from './auth.js';

/**
 * Which accounts a caller sees (ARCHITECTURE §4). `all` for provider staff, so
 * repositories can skip the filter; otherwise the explicit list of ids.
 */
export type AccountScope = { all: true } | { all: false; accountIds: readonly string[] };

/**
 * The tenancy core, implemented by features/accounts and handed by services.ts to
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

/**
 * The scope of a caller: every account for provider staff (without asking the account tree),
 * else the accounts `accounts` lists for them (their account tree and shares).
 */
export async function scopeOf(
  principal: Principal,
  accounts: Pick<Tenancy, 'visibleAccountIds'>,
): Promise<AccountScope> {
  if (isStaffRole(principal.role)) return { all: true };
  return { all: false, accountIds: await accounts.visibleAccountIds(principal) };
}

/** Whether an account is inside a scope. */
export function inScope(scope: AccountScope, accountId: string): boolean {
  return scope.all || scope.accountIds.includes(accountId);
}

/**
 * A device as the portal presents it (`GET /v2/devices/{id}`), looked up within a scope: null
 * when it is missing, deleted or outside the scope. The one tenancy lookup of a device: the
 * devices feature implements it (its `deviceInScope`) and services.ts hands it to the features that act
 * on a device.
 */
export type DeviceInScope = (scope: AccountScope, id: string) => Promise<Device | null>;
