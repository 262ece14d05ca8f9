import { roleCan, type Access } from '@aerie/contract';
import type { Principal } from './auth.js';
import { ForbiddenError, NotFoundError } from './errors.js';
import { inScope, scopeOf, type AccountScope, type Tenancy } from './tenancy.js';

/**
 * What a service asks before it acts (docs/decisions/023-authorization.md): the access rule of
 * its endpoint in packages/contract (`api.area.name.access`), or a `permission` rule built for a
 * rule that depends on the request (a device command's own permission).
 */
export type AccessRule = Extract<Access, { kind: 'signedIn' } | { kind: 'permission' }>;

/** What the caller may act on, and the one check of the object a call addresses. */
export interface Grant {
  /** The accounts the caller may act on; repositories filter by it. */
  readonly scope: AccountScope;
  /**
   * The object the call addresses, as looked up within `scope`: 404 with `notFound` when there
   * is none (missing, deleted or in another account), then 403 when the rule is checked on the
   * object (`check: 'object'`) and the caller's role lacks its permission.
   */
  found<T>(object: T | null | undefined, notFound: string): T;
  /** {@link found} for an account addressed by id: 404 outside the scope, then 403. */
  account(accountId: string, notFound: string): string;
}

/**
 * The one authorization step of every service: checks the rule against the role table of
 * packages/contract and returns the caller's scope. `check: 'route'` refuses a role without the
 * permission at once (403); `check: 'object'` refuses it only once the object was found, so
 * outside the caller's accounts is 404 and a known object the role may not change is 403.
 */
export type Authorize = (principal: Principal, rule: AccessRule) => Promise<Grant>;

/** The {@link Authorize} step over the account tree (features/accounts implements it). */
export function createAuthorize(accounts: Pick<Tenancy, 'visibleAccountIds'>): Authorize {
  return async (principal, rule) => {
    const allowed = rule.kind === 'signedIn' || roleCan(principal.role, rule.permission);
    if (!allowed && rule.kind === 'permission' && rule.check === 'route') {
      throw new ForbiddenError();
    }
    const scope = await scopeOf(principal, accounts);
    const found = <T>(object: T | null | undefined, notFound: string): T => {
      if (object === null || object === undefined) throw new NotFoundError(notFound);
      if (!allowed) throw new ForbiddenError();
      return object;
    };
    return {
      scope,
      found,
      account: (accountId, notFound) =>
        found(inScope(scope, accountId) ? accountId : null, notFound),
    };
  };
}

/** Whether the caller's role holds a permission (for fields some roles do not see). */
export function can(principal: Principal, permission: string): boolean {
  return roleCan(principal.role, permission);
}

/** Throws 403 unless the caller's role holds the permission (the route check of endpoints.ts). */
export function assertCan(principal: Principal, permission: string): void {
  if (!can(principal, permission)) throw new ForbiddenError();
}
