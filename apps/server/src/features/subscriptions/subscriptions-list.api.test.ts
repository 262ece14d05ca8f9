import { describe, expect, it } from 'vitest';
import {
  subscriptionListFields,
  subscriptionListSchema,
  type RoleKey,
  type SubscriptionList,
} from '@aerie/contract';
import { NORTHWIND_TREE, STAFF_ROLES as STAFF } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';
import { SUBSCRIPTIONS_FLEET } from './subscriptions.test-setup.js';

const api = useApiContext({ fleet: SUBSCRIPTIONS_FLEET });

async function page(
  role: RoleKey,
  query: Record<string, string> = {},
  url = '/v3/subscriptions',
): Promise<SubscriptionList> {
  const res = await api.call(role, 'GET', url, { query });
  expect(res.statusCode, res.body).toBe(200);
  return subscriptionListSchema.parse(res.json());
}
const ids = (p: SubscriptionList) => p.items.map((i) => i.id);
async function sqlIds(sql: string, params: unknown[] = []): Promise<string[]> {
  return (await api.rows<{ id: string }>(sql, params)).map((r) => r.id);
}

describe('GET /v3/subscriptions: who sees what', () => {
  it('shows provider staff every subscription', async () => {
    const all = await api.count('select count(*)::int as n from subscriptions');
    expect(all).toBeGreaterThan(100);
    for (const role of STAFF) expect((await page(role, { take: '1' })).count, role).toBe(all);
  });

  it("limits an Account Admin to their account and its children's subscriptions", async () => {
    const expected = await sqlIds(
      `select id from subscriptions where account_id in (${NORTHWIND_TREE}) order by id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const p = await page('accountAdmin', { take: '1000', sortField: 'Id' });
    expect(p.count).toBe(expected.length);
    expect(ids(p)).toEqual(expected);
  });

  it('refuses a Credentialed user (403) and a caller without a token (401)', async () => {
    const denied = await api.call('credentialed', 'GET', '/v3/subscriptions');
    expect(denied.statusCode).toBe(403);
    expect((await api.call(null, 'GET', '/v3/subscriptions')).statusCode).toBe(401);
    expect((await api.call('credentialed', 'GET', '/v2.1/subscriptions')).statusCode).toBe(403);
  });

  it('finds nothing of another account even when asked for it by filter', async () => {
    const [terra] = await api.rows<{ id: string }>(
      "select id from accounts where name = 'Terra Logistics'",
    );
    const p = await page('accountAdmin', { filters: `AccountId:${terra!.id}` });
    expect(p.count).toBe(0);
    expect(p.items).toEqual([]);
  });
});

describe('GET /v3/subscriptions: filters, text, sort, paging', () => {
  it('filters by one or several accounts', async () => {
    const accounts = await api.rows<{ account_id: string; n: number }>(
      'select account_id, count(*)::int as n from subscriptions group by 1 order by 2 desc limit 2',
    );
    const [a, b] = accounts;
    expect((await page('superUser', { filters: `AccountId:${a!.account_id}` })).count).toBe(a!.n);
    const both = await page('salesSupport', {
      filters: `AccountId:${a!.account_id}, AccountId:${b!.account_id}`,
      take: '1',
    });
    expect(both.count).toBe(a!.n + b!.n);
  });

  it('filters by an end-date range in milliseconds, both ends inclusive', async () => {
    const edges = await api.rows<{ end_date: Date }>(
      'select end_date from subscriptions order by end_date offset 20 limit 41',
    );
    // Both ends are end dates that exist, so inclusiveness shows.
    const from = edges[0]!.end_date.getTime();
    const to = edges[40]!.end_date.getTime();
    const expected = await api.count(
      'select count(*)::int as n from subscriptions where end_date >= $1 and end_date <= $2',
      [new Date(from), new Date(to)],
    );
    expect(expected).toBeGreaterThanOrEqual(41);
    const p = await page('superUser', { filters: `EndDate:[${from} ${to}]`, take: '1000' });
    expect(p.count).toBe(expected);
    for (const item of p.items) {
      const end = Date.parse(item.endDate!);
      expect(end >= from && end <= to).toBe(true);
    }
    const ends = new Set(p.items.map((i) => Date.parse(i.endDate!)));
    expect(ends.has(from) && ends.has(to)).toBe(true);
    const combined = await page('accountAdmin', {
      filters: `EndDate:[${from} ${to}]`,
      take: '1',
    });
    expect(combined.count).toBe(
      await api.count(
        `select count(*)::int as n from subscriptions where end_date between $1 and $2
         and account_id in (${NORTHWIND_TREE})`,
        [new Date(from), new Date(to)],
      ),
    );
  });

  it('matches free text in number, description and product code, in any case', async () => {
    const [s] = await api.rows<{ subscription_number: string; product_code: string }>(
      'select subscription_number, product_code from subscriptions where subscription_number is not null limit 1',
    );
    for (const text of [s!.subscription_number.toLowerCase(), 'hybrid', s!.product_code]) {
      const expected = await api.count(
        `select count(*)::int as n from subscriptions
         where subscription_number ilike $1 or description ilike $1 or product_code ilike $1`,
        [`%${text}%`],
      );
      expect(expected, text).toBeGreaterThan(0);
      expect((await page('superUser', { query: text, take: '1' })).count, text).toBe(expected);
    }
    expect((await page('superUser', { query: '100%_' })).count).toBe(0);
  });

  it.each([
    ['Id', 's.id'],
    ['SubscriptionNumber', 's.subscription_number'],
    ['Description', 'lower(s.description)'],
    ['ProductCode', 's.product_code'],
    ['AccountId', 's.account_id'],
    ['AccountName', 'lower(a.name)'],
    ['StartDate', 's.start_date'],
    ['EndDate', 's.end_date'],
  ])('sorts by %s both ways, ties broken by id', async (field, expr) => {
    for (const dir of ['asc', 'desc'] as const) {
      const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
      const expected = await sqlIds(
        `select s.id from subscriptions s join accounts a on a.id = s.account_id
         order by ${expr} ${dir} ${nulls}, s.id ${dir} limit 30 offset 10`,
      );
      const p = await page('superUser', {
        sortField: field.toLowerCase(),
        sortDirection: dir.toUpperCase(),
        skip: '10',
        take: '30',
      });
      expect(ids(p), `${field} ${dir}`).toEqual(expected);
    }
  });

  it('defaults to EndDate ascending, pages of 50, without overlap or gaps', async () => {
    const first = await page('providerAdmin');
    expect(first.items).toHaveLength(50);
    const ends = first.items.map((i) => Date.parse(i.endDate!));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    const all = await sqlIds('select id from subscriptions order by end_date, id');
    const seen: string[] = [];
    for (let skip = 0; skip < all.length; skip += 37)
      seen.push(
        ...ids(await page('providerAdmin', { skip: String(skip), take: '37' })).map(String),
      );
    expect(seen).toEqual(all);
  });

  it("pages an Account Admin's tree by end date, either way and filtered, as one sorted list", async () => {
    for (const direction of ['ASC', 'DESC'] as const) {
      const all = await sqlIds(
        `select id from subscriptions where account_id in (${NORTHWIND_TREE})
          order by end_date ${direction}, id ${direction}`,
      );
      expect(all.length).toBeGreaterThan(20);
      const seen: string[] = [];
      for (let skip = 0; skip < all.length; skip += 7)
        seen.push(
          ...ids(
            await page('accountAdmin', {
              skip: String(skip),
              take: '7',
              sortField: 'EndDate',
              sortDirection: direction,
            }),
          ).map(String),
        );
      expect(seen, direction).toEqual(all);
    }
    // One account of the tree, and text: the same rows as the database gives.
    const [one] = await api.rows<{ id: string }>(
      `select account_id as id from subscriptions where account_id in (${NORTHWIND_TREE})
        group by account_id order by count(*) desc limit 1`,
    );
    const filtered = await page('accountAdmin', {
      filters: `AccountId:${one!.id}`,
      query: 'sat',
      take: '1000',
    });
    expect(ids(filtered).map(String)).toEqual(
      await sqlIds(
        `select id from subscriptions where account_id = $1
           and (subscription_number ilike '%sat%' or description ilike '%sat%' or product_code ilike '%sat%')
         order by end_date, id`,
        [one!.id],
      ),
    );
  });

  it('returns only the requested fields, every list field by default', async () => {
    const p = await page('superUser', { fields: 'description,EndDate', take: '3' });
    for (const item of p.items)
      expect(Object.keys(item).sort()).toEqual(['description', 'endDate', 'id']);
    const full = await page('superUser', { take: '3' });
    for (const item of full.items)
      expect(Object.keys(item)).toHaveLength(subscriptionListFields.length);
    const [sample] = full.items;
    const [truth] = await api.rows<{ name: string }>(
      'select a.name from subscriptions s join accounts a on a.id = s.account_id where s.id = $1',
      [sample!.id],
    );
    expect(sample!.accountName).toBe(truth!.name);
  });

  it("gives the detail's dates, to the millisecond, from the database's text", async () => {
    // A cancelled subscription ends at now(): microseconds, which both answers truncate.
    const [s] = await api.rows<{ id: string; accountId: string; start: Date; end: Date }>(
      `select id, account_id as "accountId", start_date as start, end_date as end
         from subscriptions order by id limit 1`,
    );
    await api.rows(
      `update subscriptions set start_date = '2026-03-04 05:06:07.123456+00',
         end_date = '2027-12-31 23:59:59.999999+00' where id = $1`,
      [s!.id],
    );
    try {
      const list = await page('superUser', {
        filters: `AccountId:${s!.accountId}`,
        fields: 'Id,StartDate,EndDate',
        take: '1000',
      });
      const item = list.items.find((i) => i.id === s!.id);
      expect(item).toEqual({
        id: s!.id,
        startDate: '2026-03-04T05:06:07.123Z',
        endDate: '2027-12-31T23:59:59.999Z',
      });
      const detail = await api.call('superUser', 'GET', `/v3/subscriptions/${s!.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const { startDate, endDate } = detail.json<{ startDate: string; endDate: string }>();
      expect({ startDate, endDate }).toEqual({
        startDate: item!.startDate,
        endDate: item!.endDate,
      });
    } finally {
      await api.rows('update subscriptions set start_date = $2, end_date = $3 where id = $1', [
        s!.id,
        s!.start,
        s!.end,
      ]);
    }
  });

  it('answers 400 with a message for bad grammar and paging, never 500', async () => {
    for (const query of [
      { sortField: 'Password' },
      { fields: 'Id,SalesforceObjectId' },
      { filters: 'Color:red' },
      { filters: 'AccountId:42' },
      { filters: 'EndDate:[10 1]' },
      { filters: 'EndDate:2026-01-01' },
      { take: '0' },
      { take: '1001' },
      { skip: '-5' },
      { sortDirection: 'up' },
    ]) {
      const res = await api.call('superUser', 'GET', '/v3/subscriptions', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
  });
});

describe('GET /v2.1/subscriptions', () => {
  it('answers like v3 under the names from, select, sortBy', async () => {
    const [account] = await api.rows<{ id: string }>(`${NORTHWIND_TREE} limit 1`);
    const filters = `AccountId:${account!.id}`;
    const v3 = await page('accountAdmin', {
      skip: '1',
      take: '5',
      fields: 'Id,Description',
      sortField: 'StartDate',
      sortDirection: 'DESC',
      filters,
    });
    const v21 = await page(
      'accountAdmin',
      {
        from: '1',
        take: '5',
        select: 'Id,Description',
        sortBy: 'StartDate',
        sortDirection: 'DESC',
        filters,
      },
      '/v2.1/subscriptions',
    );
    expect(v21).toEqual(v3);
  });

  it('names the v2.1 parameter in a 400', async () => {
    const res = await api.call('superUser', 'GET', '/v2.1/subscriptions', {
      query: { sortBy: 'Nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('sortBy');
  });
});

describe('GET /v3/subscriptions: the count', () => {
  it('is reused for a few seconds and counted again once the subscription cache is cleared', async () => {
    const [account] = await api.rows<{ id: string }>(`${NORTHWIND_TREE} limit 1`);
    const filters = `AccountId:${account!.id}`;
    const before = (await page('superUser', { filters, take: '1' })).count;
    const [added] = await api.rows<{ id: string }>(
      `insert into subscriptions (account_id, description, product_code, start_date, end_date)
       values ($1, 'Count check', 'KPC-1', now(), now() + interval '1 year') returning id`,
      [account!.id],
    );
    try {
      expect((await page('superUser', { filters, take: '1', skip: '1' })).count).toBe(before);
      const cleared = await api.call('superUser', 'POST', '/v2/admin/cache/subscription');
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await page('superUser', { filters, take: '1' })).count).toBe(before + 1);
    } finally {
      await api.rows('delete from subscriptions where id = $1', [added!.id]);
      await api.call('superUser', 'POST', '/v2/admin/cache/subscription');
    }
  });
});
