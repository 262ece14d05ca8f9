import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  notificationListSchema,
  subscriptionListSchema,
  telemetryResultSchema,
  type RoleKey,
} from '@aerie/contract';
import { accountId, NORTHWIND_TREE, userId } from '../../test/fleet-fixtures.js';
import { demoEmail, useApiContext } from '../../test/test-app.js';

// Usage alerts (docs/decisions/038-usage-alerts.md) through the real server: reports through
// the ingestion endpoint, notifications from the queue's worker, the list's usage filter.
const api = useApiContext({ fleet: { seed: 36, deviceCount: 20 } });

const GB = 1_000_000_000;
const STAFF: readonly RoleKey[] = ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'];
const MONTH_NAMES = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });

/** Noon (UTC) of the 15th of this month (`offset` 0) or of the month before (-1). */
function midMonth(offset: 0 | -1): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15, 12));
}
const monthName = (d: Date) => `${MONTH_NAMES.format(d)} ${d.getUTCFullYear()}`;

let serialCount = 0;
interface TestSubscription {
  id: string;
  serial: string;
}

/** A subscription of the named account with one device of its own on it. */
async function subscription(
  account: string,
  dataLimitInGb: number | null,
  description: string,
  subscriptionNumber: string | null = `SUB-UA-${serialCount + 1}`,
): Promise<TestSubscription> {
  const owner = await accountId(api, account);
  const serial = `UA-TEST-${++serialCount}`;
  const [s] = await api.rows<{ id: string }>(
    `insert into subscriptions (account_id, subscription_number, description, product_code,
       start_date, end_date, data_limit_gb)
     values ($1, $2, $3, 'UA-TEST', now() - interval '400 days', now() + interval '400 days', $4)
     returning id`,
    [owner, subscriptionNumber, description, dataLimitInGb],
  );
  await api.rows(
    `with d as (insert into devices (account_id, name, serial) values ($1, $2, $2) returning id)
     insert into device_subscriptions (device_id, subscription_id, start_date, active)
     select d.id, $3, now() - interval '400 days', true from d`,
    [owner, serial, s!.id],
  );
  return { id: s!.id, serial };
}

/** Sends usage reports (satellite bytes each) and waits until their alerts are notified. */
async function report(sub: TestSubscription, ...usage: { bytes: number; at?: Date }[]) {
  const res = await api.call('superUser', 'POST', '/v2/telemetry/reports', {
    body: {
      reports: usage.map(({ bytes, at = new Date() }) => ({
        serial: sub.serial,
        reportedAt: at.toISOString(),
        usage: { satelliteBytes: bytes, cellularBytes: 0 },
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(telemetryResultSchema.parse(res.json()).rejected).toEqual([]);
  await notified();
}

/** Waits until the worker has notified every recorded alert. */
async function notified(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (
    (await api.count(
      'select count(*)::int as n from subscription_usage_alerts where notified_at is null',
    )) > 0
  ) {
    if (Date.now() > deadline) throw new Error('usage alerts were not notified in time');
    await sleep(50);
  }
}

interface SentNotification extends Record<string, unknown> {
  userId: string;
  label: string;
  type: string;
  name: string;
}
/** Every notification leading to the subscription, oldest first. */
const notificationsOf = (sub: TestSubscription) =>
  api.rows<SentNotification>(
    `select user_id as "userId", label, type, name from notifications
      where entity_type = 'subscriptions' and entity_id = $1 order by created_at, label`,
    [sub.id],
  );

/** How many notifications each user got about the subscription. */
async function countsByUser(sub: TestSubscription): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const n of await notificationsOf(sub)) counts[n.userId] = (counts[n.userId] ?? 0) + 1;
  return counts;
}

/** The ids the list answers with the usage filter, as a role. */
async function filtered(role: RoleKey, value = 'Over80'): Promise<string[]> {
  const res = await api.call(role, 'GET', '/v3/subscriptions', {
    query: { filters: `Usage:${value}`, fields: 'Id', take: '1000' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = subscriptionListSchema.parse(res.json());
  expect(list.count).toBe(list.items.length);
  return list.items.map((s) => s.id!).sort();
}

const ids = {} as Record<RoleKey | 'sharedAdmin' | 'disabledAdmin' | 'terraAdmin', string>;

beforeAll(async () => {
  for (const role of [...STAFF, 'accountAdmin', 'credentialed'] as RoleKey[])
    ids[role] = await userId(api, demoEmail(role));
  // Account Admins beside the demo's: one of Terra with Northwind's Atlantic fleet shared with
  // them, one of Terra alone, and a disabled one of Northwind.
  const [admin] = await api.rows<{ id: string }>(`select id from roles where key = 'accountAdmin'`);
  const addUser = async (email: string, account: string, disabled = false) => {
    const [u] = await api.rows<{ id: string }>(
      `insert into users (account_id, role_id, email, first_name, last_name, disabled)
       values ($1, $2, $3, 'Test', 'Admin', $4) returning id`,
      [await accountId(api, account), admin!.id, email, disabled],
    );
    return u!.id;
  };
  ids.sharedAdmin = await addUser('shared.admin@terra.example', 'Terra Logistics');
  ids.terraAdmin = await addUser('only.admin@terra.example', 'Terra Logistics');
  ids.disabledAdmin = await addUser('gone.admin@northwind.example', 'Northwind Maritime', true);
  await api.rows(`insert into account_shares (account_id, user_id) values ($1, $2)`, [
    await accountId(api, 'Northwind Maritime – Atlantic Fleet'),
    ids.sharedAdmin,
  ]);
});

describe('usage alerts', () => {
  let atlantic: TestSubscription;

  it('tells staff and the Account Admins who see the subscription once when it reaches 80%', async () => {
    atlantic = await subscription('Northwind Maritime – Atlantic Fleet', 100, 'Atlantic Basic');
    await report(atlantic, { bytes: 40 * GB }, { bytes: 40 * GB - 1 });
    expect(await notificationsOf(atlantic)).toEqual([]);

    await report(atlantic, { bytes: 1 });
    const sent = await notificationsOf(atlantic);
    const label = `Subscription Atlantic Basic (SUB-UA-1) has used 80% of its 100 GB data limit in ${monthName(new Date())}.`;
    expect(sent.every((n) => n.label === label && n.type === 'warning')).toBe(true);
    expect(sent.every((n) => n.name === 'UsageAlert')).toBe(true);
    // Staff, the admin of the parent account (Northwind) and the admin it is shared with; not
    // the Credentialed user, the disabled admin or an admin of another account.
    expect(await countsByUser(atlantic)).toEqual({
      [ids.superUser]: 1,
      [ids.providerAdmin]: 1,
      [ids.salesSupport]: 1,
      [ids.productSupport]: 1,
      [ids.accountAdmin]: 1,
      [ids.sharedAdmin]: 1,
    });
  });

  it('links the notification to the subscription for the user who reads it', async () => {
    const res = await api.call('accountAdmin', 'GET', '/v1/notifications');
    const mine = notificationListSchema.parse(res.json()).filter((n) => n.name === 'UsageAlert');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.metadata).toEqual({ entityType: 'subscriptions', entityId: atlantic.id });
  });

  it('tells no one again for more usage in the same month, and once more at 100%', async () => {
    await report(atlantic, { bytes: 10 * GB });
    expect(Object.values(await countsByUser(atlantic))).toEqual([1, 1, 1, 1, 1, 1]);

    await report(atlantic, { bytes: 10 * GB - 1 });
    expect(Object.values(await countsByUser(atlantic))).toEqual([1, 1, 1, 1, 1, 1]);

    await report(atlantic, { bytes: 1 });
    expect(Object.values(await countsByUser(atlantic))).toEqual([2, 2, 2, 2, 2, 2]);
    const whole = (await notificationsOf(atlantic)).filter((n) => n.label.includes('whole'));
    expect(whole[0]!.label).toBe(
      `Subscription Atlantic Basic (SUB-UA-1) has used its whole 100 GB data limit in ${monthName(new Date())}.`,
    );
    await report(atlantic, { bytes: 50 * GB });
    expect(Object.values(await countsByUser(atlantic))).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('starts over in a new month: last month’s alerts do not count for this one', async () => {
    const monthly = await subscription('Northwind Maritime', 50, 'Monthly Plan', null);
    await report(monthly, { bytes: 45 * GB, at: midMonth(-1) });
    let sent = await notificationsOf(monthly);
    expect(sent.map((n) => n.label)).toEqual(
      Array(5).fill(
        `Subscription Monthly Plan has used 80% of its 50 GB data limit in ${monthName(midMonth(-1))}.`,
      ),
    );
    await report(monthly, { bytes: 39 * GB, at: midMonth(0) });
    expect(await notificationsOf(monthly)).toHaveLength(5);
    await report(monthly, { bytes: 1 * GB, at: midMonth(0) });
    sent = await notificationsOf(monthly);
    expect(sent).toHaveLength(10);
    expect(sent.at(-1)!.label).toBe(
      `Subscription Monthly Plan has used 80% of its 50 GB data limit in ${monthName(midMonth(0))}.`,
    );
  });

  it('tells each user once per threshold when reports arrive at the same time', async () => {
    const busy = await subscription('Northwind Maritime – Pacific Fleet', 10, 'Pacific Busy');
    const post = () =>
      api.call('superUser', 'POST', '/v2/telemetry/reports', {
        body: {
          reports: [
            {
              serial: busy.serial,
              reportedAt: new Date().toISOString(),
              usage: { satelliteBytes: 1 * GB, cellularBytes: 0 },
            },
          ],
        },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, post));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    await notified();
    expect(
      await api.rows(
        `select threshold from subscription_usage_alerts where subscription_id = $1 order by 1`,
        [busy.id],
      ),
    ).toEqual([{ threshold: 80 }, { threshold: 100 }]);
    // Staff and Hannah; the shared admin sees only the Atlantic fleet.
    const counts = await countsByUser(busy);
    expect(Object.keys(counts).sort()).toEqual(
      [...STAFF.map((r) => ids[r]), ids.accountAdmin].sort(),
    );
    expect(Object.values(counts)).toEqual([2, 2, 2, 2, 2]);
  });

  it('never alerts an Unlimited or a malformed subscription', async () => {
    const unlimited = await subscription('Northwind Maritime', 9999, 'Unlimited Plan');
    const malformed = await subscription('Northwind Maritime', null, 'No Limit Plan');
    // The most one report may carry (1e13 bytes): past the whole limit but for Unlimited.
    await report(unlimited, { bytes: 10_000 * GB });
    await report(malformed, { bytes: 10_000 * GB });
    expect(await notificationsOf(unlimited)).toEqual([]);
    expect(await notificationsOf(malformed)).toEqual([]);
    expect(
      await api.count(
        `select count(*)::int as n from subscription_usage_alerts
          where subscription_id = any($1::uuid[])`,
        [[unlimited.id, malformed.id]],
      ),
    ).toBe(0);
  });

  it("tells another account's admins, not Northwind's, of that account's subscription", async () => {
    const terra = await subscription('Terra Logistics – Rail', 20, 'Rail Freight');
    await report(terra, { bytes: 17 * GB });
    const counts = await countsByUser(terra);
    expect(Object.keys(counts).sort()).toEqual(
      [...STAFF.map((r) => ids[r]), ids.sharedAdmin, ids.terraAdmin].sort(),
    );
    expect(counts[ids.accountAdmin]).toBeUndefined();
    expect(await filtered('superUser')).toContain(terra.id);
    expect(await filtered('accountAdmin')).not.toContain(terra.id);
  });

  it('filters exactly the subscriptions over 80% (or 100%) of their limit this month, per scope', async () => {
    // Over 80% last month only: not in this month's filter.
    const lastMonth = await subscription('Northwind Maritime', 5, 'Last Month Only');
    await report(lastMonth, { bytes: 5 * GB, at: midMonth(-1) });
    await report(lastMonth, { bytes: 1 * GB });
    // Ground truth from the months' usage, not from the alerts.
    const truth = async (threshold: number, scope: string) =>
      (
        await api.rows<{ id: string }>(
          `select s.id from subscriptions s
             join subscription_monthly_usage u on u.subscription_id = s.id
              and u.year = extract(year from now() at time zone 'UTC')
              and u.month = extract(month from now() at time zone 'UTC')
            where s.data_limit_gb <> 9999 and s.account_id in (${scope})
              and (u.satellite_bytes + u.cellular_bytes) * 100 >= s.data_limit_gb::numeric * ${GB} * $1
            order by s.id`,
          [threshold],
        )
      ).map((r) => r.id);
    const everyAccount = 'select id from accounts';
    const over80 = await truth(80, everyAccount);
    expect(over80.length).toBeGreaterThanOrEqual(4);
    expect(over80).not.toContain(lastMonth.id);
    for (const role of STAFF) expect(await filtered(role)).toEqual(over80);
    expect(await filtered('accountAdmin')).toEqual(await truth(80, NORTHWIND_TREE));
    expect(await filtered('superUser', 'Over100')).toEqual(await truth(100, everyAccount));
    expect(await filtered('accountAdmin', 'over100')).toEqual(await truth(100, NORTHWIND_TREE));
  });

  it('refuses an unknown usage filter with a 400 naming filters', async () => {
    const res = await api.call('superUser', 'GET', '/v3/subscriptions', {
      query: { filters: 'Usage:Over90' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field?: string; message: string }>()).toMatchObject({
      field: 'filters',
      message: 'Filter Usage takes Over80 or Over100, not "Over90".',
    });
  });
});
