import { describe, expect, it } from 'vitest';
import {
  subscriptionAccountListSchema,
  subscriptionSchema,
  subscriptionSummaryListSchema,
  subscriptionV21Schema,
  type RoleKey,
} from '@aerie/contract';
import {
  MISSING_ID as MISSING,
  NORTHWIND_TREE,
  STAFF_ROLES as STAFF,
} from '../../test/fleet-fixtures.js';
import { usePreparedSubscriptions } from './subscriptions.test-setup.js';

// A Northwind subscription with three devices (one of Terra), usage and every field set,
// and a subscription outside Northwind.
const t = usePreparedSubscriptions();

const get = (role: RoleKey, id: string, url = `/v3/subscriptions/${id}`) =>
  t.api.call(role, 'GET', url);

describe('POST /v3/subscriptions', () => {
  const post = (role: RoleKey, body: unknown) =>
    t.api.call(role, 'POST', '/v3/subscriptions', { body });

  it('answers the subscriptions the caller sees among the ids; others are simply absent', async () => {
    const res = await post('accountAdmin', { ids: [t.outside, t.northwind, MISSING, t.northwind] });
    expect(res.statusCode, res.body).toBe(200);
    const list = subscriptionSummaryListSchema.parse(res.json());
    expect(list.items.map((s) => s.id)).toEqual([t.northwind]);
    const staff = subscriptionSummaryListSchema.parse(
      (await post('productSupport', { ids: [t.outside, t.northwind, MISSING] })).json(),
    );
    const expected = await t.api.rows<{ id: string }>(
      'select id from subscriptions where id = any($1::uuid[]) order by start_date desc, id',
      [[t.outside, t.northwind]],
    );
    expect(staff.items.map((s) => s.id)).toEqual(expected.map((r) => r.id));
    expect(
      subscriptionSummaryListSchema.parse((await post('superUser', { ids: [] })).json()),
    ).toEqual({
      items: [],
    });
  });

  it.each([
    ['superUser', true, true],
    ['providerAdmin', true, true],
    ['salesSupport', true, false],
    ['productSupport', false, true],
    ['accountAdmin', false, false],
  ] as const)(
    "gives %s the history modal's Salesforce ID: %s, Supported Networks: %s",
    async (role, salesforce, networks) => {
      const [s] = subscriptionSummaryListSchema.parse(
        (await post(role, { ids: [t.northwind] })).json(),
      ).items;
      expect('salesforceObjectId' in s!, role).toBe(salesforce);
      expect('networkIdentifiers' in s!, role).toBe(networks);
    },
  );

  it('refuses more than 100 ids, ids that are not UUIDs, and Credentialed', async () => {
    const many = Array.from({ length: 101 }, () => MISSING);
    expect((await post('superUser', { ids: many })).statusCode).toBe(400);
    expect((await post('superUser', { ids: ['nope'] })).statusCode).toBe(400);
    expect((await post('superUser', {})).statusCode).toBe(400);
    expect((await post('credentialed', { ids: [t.northwind] })).statusCode).toBe(403);
  });
});

describe('GET /v2.1/subscriptions/{id}', () => {
  it('adds the device history only with includeActivity=true', async () => {
    const plain = await get('accountAdmin', t.northwind, `/v2.1/subscriptions/${t.northwind}`);
    expect(plain.statusCode, plain.body).toBe(200);
    const v3 = subscriptionSchema.parse((await get('accountAdmin', t.northwind)).json());
    expect(subscriptionV21Schema.parse(plain.json())).toEqual(v3);
    const withActivity = subscriptionV21Schema.parse(
      (
        await get(
          'accountAdmin',
          t.northwind,
          `/v2.1/subscriptions/${t.northwind}?includeActivity=TRUE`,
        )
      ).json(),
    );
    const activity = withActivity.activity!;
    expect(activity.map((a) => a.deviceName)).toContain('aaa-earlier-unit');
    expect(activity.map((a) => a.deviceName)).not.toContain('aab-foreign-unit');
    expect(activity.length).toBe(v3.deviceCount);
    const starts = activity.map((a) => Date.parse(a.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const none = subscriptionV21Schema.parse(
      (
        await get(
          'accountAdmin',
          t.northwind,
          `/v2.1/subscriptions/${t.northwind}?includeActivity=false`,
        )
      ).json(),
    );
    expect(none.activity).toBeUndefined();
  });

  it('answers 400 for a flag that is not true or false, 404 outside the scope', async () => {
    const res = await get(
      'superUser',
      t.northwind,
      `/v2.1/subscriptions/${t.northwind}?includeActivity=yes`,
    );
    expect(res.statusCode).toBe(400);
    expect(
      (await get('accountAdmin', t.outside, `/v2.1/subscriptions/${t.outside}`)).statusCode,
    ).toBe(404);
  });
});

describe('GET /v2.1/subscriptions/account/{accountId}', () => {
  const byAccount = (role: RoleKey, accountId: string, query: Record<string, string> = {}) =>
    t.api.call(role, 'GET', `/v2.1/subscriptions/account/${accountId}`, { query });

  it("lists one account's subscriptions, all or only the active ones", async () => {
    const [account] = await t.api.rows<{ id: string }>(
      `select account_id as id from subscriptions where account_id in (${NORTHWIND_TREE})
       group by 1 order by count(*) desc limit 1`,
    );
    const all = await t.api.rows<{ id: string }>(
      'select id from subscriptions where account_id = $1 order by end_date, id',
      [account!.id],
    );
    const active = await t.api.rows<{ id: string }>(
      `select id from subscriptions where account_id = $1 and start_date <= now() and end_date > now()
       order by end_date, id`,
      [account!.id],
    );
    expect(active.length).toBeGreaterThan(0);
    expect(active.length).toBeLessThan(all.length);
    for (const role of ['accountAdmin', ...STAFF] as const) {
      const res = await byAccount(role, account!.id.toUpperCase());
      expect(res.statusCode, res.body).toBe(200);
      const list = subscriptionAccountListSchema.parse(res.json());
      expect(
        list.items.map((s) => s.id),
        role,
      ).toEqual(all.map((r) => r.id));
      expect(list.count).toBe(all.length);
    }
    const current = subscriptionAccountListSchema.parse(
      (await byAccount('accountAdmin', account!.id, { active: 'true' })).json(),
    );
    expect(current.items.map((s) => s.id)).toEqual(active.map((r) => r.id));
    expect(current.items.every((s) => s.active)).toBe(true);
    const paged = subscriptionAccountListSchema.parse(
      (await byAccount('superUser', account!.id, { from: '1', take: '2' })).json(),
    );
    expect(paged).toMatchObject({ count: all.length });
    expect(paged.items.map((s) => s.id)).toEqual(all.slice(1, 3).map((r) => r.id));
  });

  it('answers 404 for an account outside the scope or missing, 400 for a bad flag', async () => {
    const [terra] = await t.api.rows<{ id: string }>(
      "select id from accounts where name = 'Terra Logistics'",
    );
    const foreign = await byAccount('accountAdmin', terra!.id);
    expect(foreign.statusCode).toBe(404);
    expect((await byAccount('superUser', MISSING)).statusCode).toBe(404);
    expect((await byAccount('accountAdmin', MISSING)).json()).toEqual(foreign.json());
    expect((await byAccount('superUser', terra!.id)).statusCode).toBe(200);
    expect((await byAccount('superUser', terra!.id, { active: 'yes' })).statusCode).toBe(400);
    // Not Credentialed's account: 404 before the role is checked.
    expect((await byAccount('credentialed', terra!.id)).statusCode).toBe(404);
  });
});
