import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { RoleKey } from '@aerie/contract';
import { seedDemoFleet } from '../../demo/seed-fleet.js';
import {
  bearer,
  createTestContext,
  signInEveryRole,
  type TestContext,
} from '../../test/test-app.js';

import { NORTHWIND_TREE } from '../../test/fleet-fixtures.js';

export { NORTHWIND_TREE };

export const STAFF = ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'] as const;

export interface SubscriptionsFixture {
  ctx: TestContext;
  call(
    role: RoleKey | null,
    method: 'GET' | 'POST',
    url: string,
    options?: { query?: Record<string, string>; body?: unknown },
  ): Promise<LightMyRequestResponse>;
  /** Rows of a ground-truth query. */
  rows<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The `n` of a ground-truth count. */
  count(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** A real app on a demo fleet of 150 devices over 10 accounts, signed in as every role. */
export async function subscriptionsFixture(): Promise<SubscriptionsFixture> {
  const ctx = await createTestContext();
  await seedDemoFleet(ctx.database.db, {
    seed: 11,
    deviceCount: 150,
    accountCount: 10,
    now: new Date('2026-11-22T12:00:00Z'),
    usageDays: 75,
    showcaseDevices: 0,
    showcaseDays: 0,
    metricDays: 0,
  });
  const tokens = await signInEveryRole(ctx.app);
  const rows = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await ctx.database.pool.query<T>(sql, params)).rows;
  return {
    ctx,
    call: (role, method, url, options = {}) =>
      ctx.app.inject({
        method,
        url,
        ...(options.query ? { query: options.query } : {}),
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
        headers: role ? bearer(tokens[role]) : {},
      }),
    rows,
    count: async (sql, params = []) => (await rows<{ n: number }>(sql, params))[0]!.n,
    close: () => ctx.close(),
  };
}

/** A subscription id outside every scope. */
export const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * Picks a well-formed Northwind subscription with usage and gives it two more devices, an
 * earlier Northwind one ('aaa-earlier-unit') and one of Terra Logistics ('aab-foreign-unit')
 * that Northwind's users must not see, and a pending transfer; picks a subscription outside
 * Northwind.
 */
export async function prepareSubscriptions(
  f: SubscriptionsFixture,
): Promise<{ northwind: string; outside: string }> {
  const [n] = await f.rows<{ id: string }>(
    `select s.id from subscriptions s
       where s.account_id in (${NORTHWIND_TREE}) and s.nms_id is not null and s.data_limit_gb is not null
         and s.network_identifiers is not null and s.subscription_number is not null
         and s.salesforce_object_id is not null
         and exists (select 1 from subscription_monthly_usage m where m.subscription_id = s.id)
       order by s.id limit 1`,
  );
  const northwind = n!.id;
  const [o] = await f.rows<{ id: string }>(
    `select id from subscriptions where account_id not in (${NORTHWIND_TREE}) order by id limit 1`,
  );
  const outside = o!.id;
  // A second Northwind device on the subscription (an earlier one), and one of another
  // account that Northwind's users must not see on it.
  await f.rows(
    `insert into devices (account_id, name, serial)
       select account_id, 'aaa-earlier-unit', 'SER-EARLIER-1' from subscriptions where id = $1`,
    [northwind],
  );
  await f.rows(
    `insert into devices (account_id, name, serial)
       select id, 'aab-foreign-unit', 'SER-FOREIGN-1' from accounts where name = 'Terra Logistics'`,
  );
  await f.rows(
    `insert into device_subscriptions (device_id, subscription_id, start_date, end_date, active)
       select d.id, $1, s.start_date - interval '400 days', s.start_date, false
       from devices d, subscriptions s where s.id = $1 and d.name in ('aaa-earlier-unit', 'aab-foreign-unit')`,
    [northwind],
  );
  await f.rows(
    `update subscriptions set pending_transfer_email = 'new.owner@example.com' where id = $1`,
    [northwind],
  );
  return { northwind, outside };
}

export interface PreparedSubscriptions {
  f: SubscriptionsFixture;
  northwind: string;
  outside: string;
}

/**
 * The fixture with `prepareSubscriptions` for one test file: the hooks fill the object in
 * before the first test and close the app after the last.
 */
export function usePreparedSubscriptions(): PreparedSubscriptions {
  const prepared = {} as PreparedSubscriptions;
  beforeAll(async () => {
    const f = await subscriptionsFixture();
    Object.assign(prepared, { f, ...(await prepareSubscriptions(f)) });
  }, 120_000);
  afterAll(async () => {
    await prepared.f?.close();
  });
  return prepared;
}
