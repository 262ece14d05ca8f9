import type pg from 'pg';
import { deviceSchema, isStaffRole, roleKeys, type Device, type RoleKey } from '@aerie/contract';
import type { ApiContext } from './test-app.js';
import type { Db } from '../db/database.js';
import { seedDemoFleet } from '../demo/seed-fleet.js';

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

/** A small demo fleet without usage or metric history, for tests about fleet configuration. */
export async function seedSmallFleet(db: Db, seed: number, deviceCount: number): Promise<void> {
  await seedDemoFleet(db, {
    seed,
    deviceCount,
    accountCount: 8,
    now: new Date('2026-11-22T12:00:00Z'),
    usageDays: 0,
    showcaseDevices: 0,
    showcaseDays: 0,
    metricDays: 0,
  });
}

/** Ground-truth lookups with SQL, for checking what the API answers. */
export function sqlProbe(pool: pg.Pool) {
  return {
    /** The integer column `n` of the first row. */
    async scalar(sql: string, params: unknown[] = []): Promise<number> {
      const r = await pool.query<{ n: number }>(sql, params);
      return r.rows[0]!.n;
    },
    async accountId(name: string): Promise<string> {
      const r = await pool.query<{ id: string }>('select id from accounts where name = $1', [name]);
      return r.rows[0]!.id;
    },
    async userId(email: string): Promise<string> {
      const r = await pool.query<{ id: string }>('select id from users where email = $1', [email]);
      return r.rows[0]!.id;
    },
  };
}

/** A device as `GET /v2/devices/{id}` answers it to a Super User. */
export async function fetchDevice(api: ApiContext, id: string): Promise<Device> {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: `/v2/devices/${id}`,
    headers: api.as('superUser'),
  });
  return deviceSchema.parse(res.json());
}

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
  api: Pick<ApiContext, 'ctx' | 'as'>,
  roles: readonly RoleKey[],
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
): Promise<Partial<Record<RoleKey, number>>> {
  const statuses: Partial<Record<RoleKey, number>> = {};
  for (const role of roles) {
    statuses[role] = (await api.ctx.app.inject({ ...request, headers: api.as(role) })).statusCode;
  }
  return statuses;
}
