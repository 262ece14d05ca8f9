import { roleCan } from '@aerie/contract';
import type { Principal } from './auth.js';
import { ForbiddenError } from './errors.js';

/** Whether the caller's role holds a permission of the contract's role table. */
export function can(principal: Principal, permission: string): boolean {
  return roleCan(principal.role, permission);
}

/** Throws 403 unless the caller's role holds the permission (CONVENTIONS §7). */
export function assertCan(principal: Principal, permission: string): void {
  if (!can(principal, permission)) throw new ForbiddenError();
}
