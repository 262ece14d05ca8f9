import { beforeAll } from 'vitest';
import type { FleetSeedOptions } from '../../demo/seed-fleet.js';
import { NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { useApiContext, type ApiContext } from '../../test/test-app.js';

/** The demo fleet of the subscription tests: 150 devices over 10 accounts, with usage. */
export const SUBSCRIPTIONS_FLEET: Partial<FleetSeedOptions> = {
  seed: 11,
  deviceCount: 150,
  accountCount: 10,
  usageDays: 75,
};

/**
 * Picks a well-formed Northwind subscription with usage and gives it two more devices, an
 * earlier Northwind one ('aaa-earlier-unit') and one of Terra Logistics ('aab-foreign-unit')
 * that Northwind's users must not see, and a pending transfer; picks a subscription outside
 * Northwind.
 */
export async function prepareSubscriptions(
  api: ApiContext,
): Promise<{ northwind: string; outside: string }> {
  const [n] = await api.rows<{ id: string }>(
    `select s.id from subscriptions s
       where s.account_id in (${NORTHWIND_TREE}) and s.nms_id is not null and s.data_limit_gb is not null
         and s.network_identifiers is not null and s.subscription_number is not null
         and s.salesforce_object_id is not null
         and exists (select 1 from subscription_monthly_usage m where m.subscription_id = s.id)
       order by s.id limit 1`,
  );
  const northwind = n!.id;
  const [o] = await api.rows<{ id: string }>(
    `select id from subscriptions where account_id not in (${NORTHWIND_TREE}) order by id limit 1`,
  );
  const outside = o!.id;
  // A second Northwind device on the subscription (an earlier one), and one of another
  // account that Northwind's users must not see on it.
  await api.rows(
    `insert into devices (account_id, name, serial)
       select account_id, 'aaa-earlier-unit', 'SER-EARLIER-1' from subscriptions where id = $1`,
    [northwind],
  );
  await api.rows(
    `insert into devices (account_id, name, serial)
       select id, 'aab-foreign-unit', 'SER-FOREIGN-1' from accounts where name = 'Terra Logistics'`,
  );
  await api.rows(
    `insert into device_subscriptions (device_id, subscription_id, start_date, end_date, active)
       select d.id, $1, s.start_date - interval '400 days', s.start_date, false
       from devices d, subscriptions s where s.id = $1 and d.name in ('aaa-earlier-unit', 'aab-foreign-unit')`,
    [northwind],
  );
  await api.rows(
    `update subscriptions set pending_transfer_email = 'new.owner@example.com' where id = $1`,
    [northwind],
  );
  return { northwind, outside };
}

export interface PreparedSubscriptions {
  api: ApiContext;
  northwind: string;
  outside: string;
}

/**
 * The API context on the subscriptions fleet with `prepareSubscriptions`, for one test file:
 * the hooks fill the object in before the first test and close the app after the last.
 */
export function usePreparedSubscriptions(): PreparedSubscriptions {
  const api = useApiContext({ fleet: SUBSCRIPTIONS_FLEET });
  const prepared = { api } as PreparedSubscriptions;
  beforeAll(async () => {
    Object.assign(prepared, await prepareSubscriptions(api));
  });
  return prepared;
}
