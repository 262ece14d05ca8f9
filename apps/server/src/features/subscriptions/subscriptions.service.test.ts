import { describe, expect, it } from 'vitest';
import {
  isStaffRole,
  roleCan,
  roleKeys,
  subscriptionAccountQueryV21Schema,
  subscriptionDevicesQuerySchema,
  subscriptionListQuerySchema,
  type RoleKey,
} from '@aerie/contract';
import { inScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  fakeCaches,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
  unused,
} from '../../test/service-fakes.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';
import { createSubscriptionsService } from './subscriptions.service.js';

const ACCOUNTS = [OWN_ACCOUNT, CHILD_ACCOUNT, OTHER_ACCOUNT];
const VIEWERS = roleKeys.filter((r) => roleCan(r, 'subscriptions.view'));
const NOT_VIEWERS = roleKeys.filter((r) => !roleCan(r, 'subscriptions.view'));

function subscription(id: string, accountId: string): SubscriptionRow {
  return {
    id,
    subscriptionNumber: `SUB-${id}`,
    description: `Plan ${id}`,
    productCode: 'SAT-50',
    accountId: accountId,
    accountName: `Account ${id}`,
    startDate: new Date('2026-01-01T00:00:00Z'),
    endDate: new Date('2027-01-01T00:00:00Z'),
    dataLimitInGb: 50,
    salesforceObjectId: `SF-${id}`,
    salesforceAccountId: 'SF-ACCOUNT',
    networkIdentifiers: ['NET-1'],
    nmsId: 'NMS-1',
    hasSatellite: true,
    hasCellular: false,
    pendingTransferEmail: null,
    active: true,
  };
}

/** The subscriptions repository over three subscriptions, filtered by scope as the SQL is. */
function fakeRepository(): SubscriptionsRepository {
  const rows = [
    subscription('own', OWN_ACCOUNT),
    subscription('child', CHILD_ACCOUNT),
    subscription('other', OTHER_ACCOUNT),
  ];
  return {
    // The list's dates are ISO text from the SQL.
    page: async (scope) =>
      rows
        .filter((r) => inScope(scope, r.accountId))
        .map((r) => ({
          ...r,
          startDate: r.startDate.toISOString(),
          endDate: r.endDate.toISOString(),
        })),
    count: async (scope) => rows.filter((r) => inScope(scope, r.accountId)).length,
    findById: async (scope, id) =>
      rows.find((r) => r.id === id && inScope(scope, r.accountId)) ?? null,
    findByIds: async (scope, ids) =>
      rows.filter((r) => ids.includes(r.id) && inScope(scope, r.accountId)),
    async byAccount(accountId) {
      const mine = rows.filter((r) => r.accountId === accountId);
      return { rows: mine, count: mine.length };
    },
    accountExists: async (accountId) => ACCOUNTS.includes(accountId),
    monthlyUsage: async () => [{ year: 2026, month: 10, satelliteBytes: 1000, cellularBytes: 24 }],
    dailyUsage: async () => [],
    async devices(scope) {
      // One device in the subscription's own account, one elsewhere: the scope decides.
      const all = [
        { id: 'd1', name: 'Own device', serial: 'S1', active: true, account: OWN_ACCOUNT },
        { id: 'd2', name: 'Other device', serial: 'S2', active: true, account: OTHER_ACCOUNT },
      ].filter((d) => inScope(scope, d.account));
      return { rows: all.map(({ account: _, ...d }) => d), count: all.length };
    },
    activity: unused('activity'),
    // Like the SQL: in the scope, in the order asked, 0 bytes outside October 2026.
    monthUsageByIds: async (scope, ids, year, month) =>
      ids.flatMap((id) => {
        const row = rows.find((r) => r.id === id && inScope(scope, r.accountId));
        if (!row) return [];
        const october = year === 2026 && month === 10;
        return [
          {
            id: row.id,
            dataLimitInGb: row.dataLimitInGb,
            satelliteBytes: october ? 1000 : 0,
            cellularBytes: october ? 24 : 0,
          },
        ];
      }),
  };
}

const setUp = () => createSubscriptionsService(fakeRepository(), authorizeOver(), fakeCaches());
const listQuery = subscriptionListQuerySchema.parse({ fields: 'Id' });
/** Subscription ids a role does not see: a missing one, and for the account roles another account's. */
const unseen = (role: RoleKey) => (isStaffRole(role) ? ['missing'] : ['missing', 'other']);

describe('subscriptions service: lists', () => {
  it.each(NOT_VIEWERS)('refuses %s at once (403)', async (role) => {
    const service = setUp();
    await expect(service.list(principalOf(role), listQuery)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.byIds(principalOf(role), ['own'])).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.usageByIds(principalOf(role), { ids: ['own'] })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("answers a month's usage of the subscriptions asked that the caller sees, in the order asked", async () => {
    const service = setUp();
    const october = await service.usageByIds(principalOf('accountAdmin'), {
      ids: ['child', 'other', 'own', 'child'],
      year: 2026,
      month: 10,
    });
    expect(october).toEqual({
      year: 2026,
      month: 10,
      items: ['child', 'own'].map((id) => ({
        id,
        dataLimitInGb: 50,
        value: 1024,
        satelliteValue: 1000,
        cellularValue: 24,
      })),
    });
    // Without a month: the current one, in UTC (1 January 00:30 UTC is still the 1st there).
    const now = new Date('2027-01-01T00:30:00Z');
    const current = await service.usageByIds(principalOf('salesSupport'), { ids: ['other'] }, now);
    expect(current).toMatchObject({ year: 2027, month: 1, items: [{ id: 'other', value: 0 }] });
  });

  it("lists the caller's accounts' subscriptions; unseen ids are simply absent", async () => {
    const service = setUp();
    const ids = async (role: RoleKey) =>
      (await service.list(principalOf(role), listQuery)).items.map((s) => s.id);
    expect(await ids('accountAdmin')).toEqual(['own', 'child']);
    expect(await ids('salesSupport')).toEqual(['own', 'child', 'other']);
    const found = await service.byIds(principalOf('accountAdmin'), ['own', 'other', 'own']);
    expect(found.items.map((s) => s.id)).toEqual(['own']);
  });
});

describe('subscriptions service: one subscription, 404 then 403', () => {
  it.each(roleKeys)('answers %s 404 for a subscription it does not see', async (role) => {
    const service = setUp();
    const p = principalOf(role);
    for (const id of unseen(role)) {
      const notFound = { statusCode: 404, message: 'Subscription not found.' };
      await expect(service.get(p, id), id).rejects.toMatchObject(notFound);
      await expect(service.getV21(p, id, false), id).rejects.toMatchObject(notFound);
      await expect(service.usage(p, id, 'monthly'), id).rejects.toMatchObject(notFound);
      const page = subscriptionDevicesQuerySchema.parse({});
      await expect(service.devices(p, id, page), id).rejects.toMatchObject(notFound);
    }
  });

  it.each(NOT_VIEWERS)('answers %s 403 for a subscription of its accounts', async (role) => {
    await expect(setUp().get(principalOf(role), 'child')).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it.each(VIEWERS)('shows %s the restricted fields its role holds', async (role) => {
    const detail = await setUp().get(principalOf(role), 'own');
    expect('salesforceObjectId' in detail).toBe(roleCan(role, 'subscriptions.salesforce'));
    expect('networkIdentifiers' in detail).toBe(roleCan(role, 'subscriptions.networks'));
    expect(detail.monthlyUsageHistory).toEqual([
      { year: 2026, month: 10, value: 1024, satelliteValue: 1000, cellularValue: 24 },
    ]);
  });

  it("counts and names only the subscription's devices the caller sees", async () => {
    const service = setUp();
    const mine = await service.get(principalOf('accountAdmin'), 'own');
    expect(mine).toMatchObject({ remoteNames: ['Own device'], deviceCount: 1 });
    const staff = await service.get(principalOf('superUser'), 'own');
    expect(staff).toMatchObject({ remoteNames: ['Own device', 'Other device'], deviceCount: 2 });
  });
});

describe("subscriptions service: an account's subscriptions, 404 then 403", () => {
  const query = subscriptionAccountQueryV21Schema.parse({});

  it.each(roleKeys)(
    'answers %s 404 for an account it does not see or that is missing',
    async (role) => {
      const service = setUp();
      const accounts = isStaffRole(role) ? ['missing'] : ['missing', OTHER_ACCOUNT];
      for (const id of accounts) {
        await expect(service.byAccount(principalOf(role), id, query), id).rejects.toMatchObject({
          statusCode: 404,
          message: 'Account not found.',
        });
      }
    },
  );

  it('answers 403 to a role without subscriptions for an account it sees', async () => {
    await expect(
      setUp().byAccount(principalOf('credentialed'), CHILD_ACCOUNT, query),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('takes the account id in any case', async () => {
    const list = await setUp().byAccount(
      principalOf('accountAdmin'),
      CHILD_ACCOUNT.toUpperCase(),
      query,
    );
    expect(list.items.map((s) => s.id)).toEqual(['child']);
  });
});
