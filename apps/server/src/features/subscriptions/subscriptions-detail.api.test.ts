import { describe, expect, it } from 'vitest';
import {
  roleCan,
  roleKeys,
  subscriptionDeviceListSchema,
  subscriptionSchema,
  subscriptionUsageSchema,
  subscriptionsUsageSchema,
  SUBSCRIPTIONS_USAGE_IDS_MAX,
  type RoleKey,
} from '@aerie/contract';
import { ACCOUNT_ROLES, MISSING_ID as MISSING, sameFor } from '../../test/fleet-fixtures.js';
import { usePreparedSubscriptions } from './subscriptions.test-setup.js';

// A Northwind subscription with three devices (one of Terra), usage and every field set,
// and a subscription outside Northwind.
const t = usePreparedSubscriptions();

const get = (role: RoleKey, id: string, url = `/v3/subscriptions/${id}`) =>
  t.api.call(role, 'GET', url);

describe('GET /v3/subscriptions/{id}', () => {
  it('answers every field of the subscription to a Super User', async () => {
    const res = await get('superUser', t.northwind);
    expect(res.statusCode, res.body).toBe(200);
    const s = subscriptionSchema.parse(res.json());
    const [truth] = await t.api.rows<Record<string, unknown>>(
      'select * from subscriptions where id = $1',
      [t.northwind],
    );
    expect(s).toMatchObject({
      id: t.northwind,
      subscriptionNumber: truth!['subscription_number'],
      description: truth!['description'],
      productCode: truth!['product_code'],
      dataLimitInGb: truth!['data_limit_gb'],
      salesforceObjectId: truth!['salesforce_object_id'],
      salesforceAccountId: truth!['salesforce_account_id'],
      networkIdentifiers: truth!['network_identifiers'],
      nmsId: truth!['nms_id'],
      pendingTransferEmail: 'new.owner@example.com',
      malformed: false,
    });
    const usage = await t.api.rows<{ year: number; month: number; sat: string; cell: string }>(
      `select year, month, satellite_bytes::text as sat, cellular_bytes::text as cell
       from subscription_monthly_usage where subscription_id = $1 order by year, month`,
      [t.northwind],
    );
    expect(s.monthlyUsageHistory).toEqual(
      usage.map((u) => ({
        year: u.year,
        month: u.month,
        satelliteValue: Number(u.sat),
        cellularValue: Number(u.cell),
        value: Number(u.sat) + Number(u.cell),
      })),
    );
    const names = await t.api.rows<{ name: string }>(
      `select d.name from device_subscriptions ds join devices d on d.id = ds.device_id
       where ds.subscription_id = $1 order by d.name_sort_key, d.id`,
      [t.northwind],
    );
    expect(s.remoteNames).toEqual(names.map((n) => n.name));
    expect(s.remoteNames.slice(0, 2)).toEqual(['aaa-earlier-unit', 'aab-foreign-unit']);
    expect(s.deviceCount).toBe(3);
  });

  it('shows the account only the devices of its own accounts', async () => {
    const s = subscriptionSchema.parse((await get('accountAdmin', t.northwind)).json());
    expect(s.remoteNames).not.toContain('aab-foreign-unit');
    expect(s.remoteNames[0]).toBe('aaa-earlier-unit');
    expect(s.deviceCount).toBe(2);
  });

  it.each([
    ['superUser', true, true],
    ['providerAdmin', true, true],
    ['salesSupport', true, false],
    ['productSupport', false, false],
    ['accountAdmin', false, false],
  ] as const)(
    'gives %s the number and Salesforce ids: %s, the Networks: %s',
    async (role, salesforce, networks) => {
      const s = subscriptionSchema.parse((await get(role, t.northwind)).json());
      for (const key of ['subscriptionNumber', 'salesforceObjectId', 'salesforceAccountId'])
        expect(key in s, `${role} ${key}`).toBe(salesforce);
      for (const key of ['networkIdentifiers', 'nmsId'])
        expect(key in s, `${role} ${key}`).toBe(networks);
      expect(s.malformed).toBe(false);
    },
  );

  it('flags a malformed subscription to every role, even one that cannot see why', async () => {
    const [m] = await t.api.rows<{ id: string }>(
      'select id from subscriptions where nms_id is null order by id limit 1',
    );
    const staff = subscriptionSchema.parse((await get('productSupport', m!.id)).json());
    expect(staff.malformed).toBe(true);
    expect(staff.nmsId).toBeUndefined();
    const total = await t.api.count(
      `select count(*)::int as n from subscriptions
       where data_limit_gb is null or network_identifiers is null or nms_id is null`,
    );
    expect(total).toBeGreaterThan(0);
  });

  it("answers 404 for another account's subscription exactly as for a missing one", async () => {
    const foreign = await get('accountAdmin', t.outside);
    const missing = await get('accountAdmin', MISSING);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get('salesSupport', t.outside)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a UUID, 403 to Credentialed, 401 without a token', async () => {
    const bad = await get('superUser', 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('id');
    expect((await get('credentialed', t.northwind)).statusCode).toBe(403);
    expect((await t.api.call(null, 'GET', `/v3/subscriptions/${t.northwind}`)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /v3/subscriptions/{id}/usage', () => {
  const usage = (role: RoleKey, id: string, groupBy?: string) =>
    t.api.call(role, 'GET', `/v3/subscriptions/${id}/usage`, groupBy ? { query: { groupBy } } : {});

  it('answers the stored months, the same as the detail', async () => {
    const res = await usage('accountAdmin', t.northwind, 'monthly');
    expect(res.statusCode, res.body).toBe(200);
    const monthly = subscriptionUsageSchema.parse(res.json());
    const detail = subscriptionSchema.parse((await get('accountAdmin', t.northwind)).json());
    expect(monthly).toEqual({ groupBy: 'monthly', items: detail.monthlyUsageHistory });
    expect(subscriptionUsageSchema.parse((await usage('superUser', t.northwind)).json())).toEqual(
      monthly,
    );
  });

  it("sums its devices' days, which add up to the stored months", async () => {
    const daily = subscriptionUsageSchema.parse(
      (await usage('salesSupport', t.northwind, 'daily')).json(),
    );
    const monthly = subscriptionUsageSchema.parse(
      (await usage('salesSupport', t.northwind)).json(),
    );
    expect(daily.items.length).toBeGreaterThan(20);
    const byMonth = new Map<string, { sat: number; cell: number }>();
    for (const d of daily.items) {
      if (!('date' in d)) throw new Error('expected days');
      const key = `${Number(d.date.slice(0, 4))}-${Number(d.date.slice(5, 7))}`;
      const m = byMonth.get(key) ?? { sat: 0, cell: 0 };
      m.sat += d.satelliteValue;
      m.cell += d.cellularValue;
      expect(d.value).toBe(d.satelliteValue + d.cellularValue);
      byMonth.set(key, m);
    }
    for (const m of monthly.items) {
      if (!('year' in m)) throw new Error('expected months');
      expect(byMonth.get(`${m.year}-${m.month}`)).toEqual({
        sat: m.satelliteValue,
        cell: m.cellularValue,
      });
    }
    expect(byMonth.size).toBe(monthly.items.length);
    const dates = daily.items.map((d) => ('date' in d ? d.date : ''));
    expect(dates).toEqual([...dates].sort());
  });

  it('leaves out days outside the subscription period and outside a device link', async () => {
    const [earlier] = await t.api.rows<{ id: string; start: Date }>(
      `select d.id, s.start_date as start from devices d, subscriptions s
       where d.name = 'aaa-earlier-unit' and s.id = $1`,
      [t.northwind],
    );
    // Traffic of the earlier device while it was linked but before the subscription started,
    // and on the day its link ended: neither belongs to the subscription.
    const before = new Date(earlier!.start.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    const linkEnd = earlier!.start.toISOString().slice(0, 10);
    const daily = async () =>
      subscriptionUsageSchema.parse((await usage('superUser', t.northwind, 'daily')).json());
    const unchanged = await daily();
    await t.api.rows(
      `insert into device_daily_usage (device_id, day, satellite_bytes, cellular_bytes)
       values ($1, $2, 1000, 0), ($1, $3, 2000, 0)`,
      [earlier!.id, before, linkEnd],
    );
    expect(await daily()).toEqual(unchanged);
    expect(unchanged.items.length).toBeGreaterThan(0);
  });

  it('answers 400 for an unknown grouping and 404 outside the scope', async () => {
    const bad = await usage('superUser', t.northwind, 'weekly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('groupBy');
    expect((await usage('accountAdmin', t.outside, 'daily')).statusCode).toBe(404);
    expect((await usage('credentialed', t.northwind)).statusCode).toBe(403);
  });
});

describe('POST /v2.1/subscriptions/usage', () => {
  const usage = (role: RoleKey | null, body: unknown) =>
    t.api.call(role, 'POST', '/v2.1/subscriptions/usage', { body });

  it("answers a month's usage of each subscription asked, in the order asked, as stored", async () => {
    const [month] = await t.api.rows<{ year: number; month: number }>(
      `select year, month from subscription_monthly_usage where subscription_id = $1
       order by satellite_bytes + cellular_bytes desc limit 1`,
      [t.northwind],
    );
    const body = { ids: [t.outside, t.northwind, MISSING, t.outside], ...month };
    const res = await usage('salesSupport', body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = subscriptionsUsageSchema.parse(res.json());
    const truth = await t.api.rows<{ id: string; limit: number | null; sat: string; cell: string }>(
      `select s.id, s.data_limit_gb as limit,
              coalesce(u.satellite_bytes, 0)::text as sat, coalesce(u.cellular_bytes, 0)::text as cell
       from subscriptions s left join subscription_monthly_usage u
         on u.subscription_id = s.id and u.year = $2 and u.month = $3
       where s.id = any($1::uuid[])`,
      [[t.outside, t.northwind], month!.year, month!.month],
    );
    const expected = (id: string) => {
      const row = truth.find((r) => r.id === id)!;
      return {
        id,
        dataLimitInGb: row.limit,
        satelliteValue: Number(row.sat),
        cellularValue: Number(row.cell),
        value: Number(row.sat) + Number(row.cell),
      };
    };
    expect(answer).toEqual({ ...month, items: [expected(t.outside), expected(t.northwind)] });
    expect(answer.items[1]!.value).toBeGreaterThan(0);
  });

  it("leaves another account's subscriptions out for an Account Admin, as if they did not exist", async () => {
    const res = await usage('accountAdmin', { ids: [t.outside, t.northwind] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = subscriptionsUsageSchema.parse(res.json());
    expect(answer.items.map((i) => i.id)).toEqual([t.northwind]);
    // Without a month: the current one, in UTC.
    const now = new Date();
    expect([answer.year, answer.month]).toEqual([now.getUTCFullYear(), now.getUTCMonth() + 1]);
    const alone = subscriptionsUsageSchema.parse(
      (await usage('accountAdmin', { ids: [t.outside] })).json(),
    );
    expect(alone.items).toEqual([]);
  });

  it('answers 400 naming the field for a bad body, 403 to Credentialed, 401 without a token', async () => {
    const field = async (body: unknown) => {
      const res = await usage('superUser', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ field?: string; message: string }>();
    };
    expect((await field({ ids: [] })).field).toBe('ids');
    expect((await field({ ids: ['not-an-id'] })).field).toMatch(/^ids/);
    expect((await field({ ids: ['\u0000'] })).field).toMatch(/^ids/);
    const tooMany = Array.from({ length: SUBSCRIPTIONS_USAGE_IDS_MAX + 1 }, () => t.northwind);
    expect((await field({ ids: tooMany })).field).toBe('ids');
    expect((await field({ ids: [t.northwind], year: 2026 })).field).toBe('month');
    expect((await field({ ids: [t.northwind], year: 2026, month: 13 })).field).toBe('month');
    expect((await field({})).field).toBe('ids');
    expect((await usage('credentialed', { ids: [t.northwind] })).statusCode).toBe(403);
    expect((await usage(null, { ids: [t.northwind] })).statusCode).toBe(401);
  });
});

describe('GET /v3/subscriptions/{id}/devices', () => {
  it('pages its devices by name, 20 by default, only those the caller sees', async () => {
    const res = await t.api.call('superUser', 'GET', `/v3/subscriptions/${t.northwind}/devices`);
    expect(res.statusCode, res.body).toBe(200);
    const all = subscriptionDeviceListSchema.parse(res.json());
    const truth = await t.api.rows<{
      id: string;
      name: string;
      serial: string | null;
      active: boolean;
    }>(
      `select d.id, d.name, d.serial, ds.active from device_subscriptions ds join devices d on d.id = ds.device_id
       where ds.subscription_id = $1 order by d.name_sort_key, d.id`,
      [t.northwind],
    );
    expect(all).toEqual({ items: truth, count: truth.length });
    const mine = subscriptionDeviceListSchema.parse(
      (await t.api.call('accountAdmin', 'GET', `/v3/subscriptions/${t.northwind}/devices`)).json(),
    );
    expect(mine.items.map((d) => d.name)).not.toContain('aab-foreign-unit');
    expect(mine.count).toBe(truth.length - 1);
    const second = subscriptionDeviceListSchema.parse(
      (
        await t.api.call('superUser', 'GET', `/v3/subscriptions/${t.northwind}/devices`, {
          query: { skip: '1', take: '1' },
        })
      ).json(),
    );
    expect(second).toEqual({ items: [truth[1]], count: truth.length });
  });

  it('defaults to 20 a page', async () => {
    const [pool] = await t.api.rows<{ id: string }>(
      'select id from subscriptions order by id limit 1',
    );
    await t.api.rows(
      `insert into device_subscriptions (device_id, subscription_id, start_date, active)
       select id, $1, now(), false from devices
       where id not in (select device_id from device_subscriptions where subscription_id = $1) limit 30`,
      [pool!.id],
    );
    const p = subscriptionDeviceListSchema.parse(
      (await t.api.call('superUser', 'GET', `/v3/subscriptions/${pool!.id}/devices`)).json(),
    );
    expect(p.items).toHaveLength(20);
    expect(p.count).toBeGreaterThan(30);
    const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const names = p.items.map((d) => d.name);
    expect(names).toEqual([...names].sort(natural.compare));
  });

  it('orders its devices naturally by name, "Camp 2" before "Camp 10", in the page and the detail', async () => {
    const [sub] = await t.api.rows<{ id: string; accountId: string }>(
      `select s.id, s.account_id as "accountId" from subscriptions s
         where s.id <> $1 and s.id <> $2 order by s.id desc limit 1`,
      [t.northwind, t.outside],
    );
    await t.api.rows(`delete from device_subscriptions where subscription_id = $1`, [sub!.id]);
    const names = ['Camp 10', 'camp 9', 'Camp 2', 'Camp 100', 'Camp 1'];
    for (const [i, name] of names.entries()) {
      await t.api.rows(
        `with d as (insert into devices (account_id, name, serial) values ($2, $3, $4) returning id)
         insert into device_subscriptions (device_id, subscription_id, start_date, active)
           select d.id, $1, now(), true from d`,
        [sub!.id, sub!.accountId, name, `SER-NATURAL-${i}`],
      );
    }
    const expected = ['Camp 1', 'Camp 2', 'camp 9', 'Camp 10', 'Camp 100'];
    const page = subscriptionDeviceListSchema.parse(
      (await t.api.call('superUser', 'GET', `/v3/subscriptions/${sub!.id}/devices`)).json(),
    );
    expect(page.items.map((d) => d.name)).toEqual(expected);
    const detail = subscriptionSchema.parse(
      (await t.api.call('superUser', 'GET', `/v3/subscriptions/${sub!.id}`)).json(),
    );
    expect(detail.remoteNames).toEqual(expected);
  });

  it('answers 404 outside the scope and 400 for take out of range', async () => {
    expect(
      (await t.api.call('accountAdmin', 'GET', `/v3/subscriptions/${t.outside}/devices`))
        .statusCode,
    ).toBe(404);
    for (const take of ['0', '1001']) {
      const res = await t.api.call('superUser', 'GET', `/v3/subscriptions/${t.northwind}/devices`, {
        query: { take },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('subscriptions: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a subscription it does not see, 403 to Credentialed for one it does', async () => {
    const statuses = async (roles: readonly RoleKey[], url: string) => {
      const answers: Partial<Record<RoleKey, number>> = {};
      for (const role of roles) answers[role] = (await t.api.call(role, 'GET', url)).statusCode;
      return answers;
    };
    for (const path of ['', '/usage', '/devices']) {
      expect(await statuses(roleKeys, `/v3/subscriptions/${MISSING}${path}`)).toEqual(
        sameFor(roleKeys, 404),
      );
      expect(await statuses(ACCOUNT_ROLES, `/v3/subscriptions/${t.outside}${path}`)).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
      const cannotView = roleKeys.filter((r) => !roleCan(r, 'subscriptions.view'));
      expect(await statuses(cannotView, `/v3/subscriptions/${t.northwind}${path}`)).toEqual(
        sameFor(cannotView, 403),
      );
    }
  });
});
