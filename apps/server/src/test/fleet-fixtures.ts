import { deviceSchema, isStaffRole, roleKeys, type Device, type RoleKey } from '@aerie/contract';
import type { ApiContext } from './test-app.js';

/** The Northwind demo users' visible accounts: their account and its two child fleets. */
export const NORTHWIND_ACCOUNTS = [
  'Northwind Maritime',
  'Northwind Maritime – Atlantic Fleet',
  'Northwind Maritime – Pacific Fleet',
] as const;

/** SQL of the ids of the Northwind users' visible accounts (ground truth of their scope). */
export const NORTHWIND_TREE = `select id from accounts where name in (${NORTHWIND_ACCOUNTS.map((n) => `'${n}'`).join(', ')})`;

/** A well-formed id that no row has. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The id of the account named `name`. */
export async function accountId(api: ApiContext, name: string): Promise<string> {
  return (await api.rows<{ id: string }>('select id from accounts where name = $1', [name]))[0]!.id;
}

/** The id of the user with `email`. */
export async function userId(api: ApiContext, email: string): Promise<string> {
  return (await api.rows<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
}

/** A device as `GET /v2/devices/{id}` answers it to a Super User. */
export async function fetchDevice(api: ApiContext, id: string): Promise<Device> {
  const res = await api.call('superUser', 'GET', `/v2/devices/${id}`);
  return deviceSchema.parse(res.json());
}

/** Provider staff: the roles that see every account. */
export const STAFF_ROLES: readonly RoleKey[] = [
  'superUser',
  'providerAdmin',
  'salesSupport',
  'productSupport',
];

/** The roles whose accounts are an account tree (the Northwind demo users'), not every account. */
export const ACCOUNT_ROLES: readonly RoleKey[] = roleKeys.filter((r) => !isStaffRole(r));

/** One status for each of `roles`: what {@link statusesOf} answers when all agree. */
export function sameFor(
  roles: readonly RoleKey[],
  status: number,
): Partial<Record<RoleKey, number>> {
  return Object.fromEntries(roles.map((role) => [role, status]));
}

/**
 * The status each of `roles` gets for one request. Issue 12's order: an id outside the caller's
 * accounts (or missing) answers 404 to every role, a known object the role may not change 403.
 */
export async function statusesOf(
  api: ApiContext,
  roles: readonly RoleKey[],
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
): Promise<Partial<Record<RoleKey, number>>> {
  const statuses: Partial<Record<RoleKey, number>> = {};
  for (const role of roles) {
    const { method, url, payload } = request;
    statuses[role] = (await api.call(role, method, url, { body: payload })).statusCode;
  }
  return statuses;
}
