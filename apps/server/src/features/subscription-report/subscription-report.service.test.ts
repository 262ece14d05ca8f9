import { describe, expect, it } from 'vitest';
import { roleCan, roleKeys } from '@aerie/contract';
import { inScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
} from '../../test/service-fakes.js';
import type {
  ReportAccount,
  ReportBatchRow,
  SubscriptionReportRepository,
} from './subscription-report.repository.js';
import {
  createSubscriptionReportService,
  groupAccounts,
  monthWindow,
  reportMessages,
} from './subscription-report.service.js';

const NOV_27_2026 = Date.parse('2026-11-27T10:00:00Z');

function reportRow(accountId: string, n: number): ReportBatchRow {
  const id = `0b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    subscriptionNumber: `SUB-${n}`,
    salesforceObjectId: `SF-${n}`,
    salesforceAccountId: null,
    description: `Plan ${n}`,
    productCode: 'SVC-050-SAT',
    startDate: new Date('2026-01-01T00:00:00Z'),
    endDate: new Date('2027-01-01T00:00:00Z'),
    dataLimitInGb: 50,
    accountName: `Account ${accountId.slice(-1)}`,
    satelliteBytes: 0,
    cellularBytes: 0,
    devices: 1,
    key: { accountOrder: 0, numberMissing: false, number: `SUB-${n}`, id },
  };
}

/**
 * The repository over `counts` subscriptions per account (in this order), paging the way the
 * SQL does: the accounts of a batch in the order given, after the key, at most `limit`.
 */
function fakeRepository(counts: Record<string, number>) {
  const all = Object.entries(counts).flatMap(([accountId, n], a) =>
    Array.from({ length: n }, (_v, i) => ({ accountId, row: reportRow(accountId, a * 1000 + i) })),
  );
  const calls: { accounts: readonly string[]; after: string | null }[] = [];
  const repo: SubscriptionReportRepository = {
    async accounts(scope) {
      return Object.entries(counts)
        .filter(([id, n]) => n > 0 && inScope(scope, id))
        .map(([id, count]): ReportAccount => ({ id, count }));
    },
    async batch(accountIds, _window, _scope, after, limit) {
      calls.push({ accounts: accountIds, after: after?.id ?? null });
      const rows = all
        .filter((r) => accountIds.includes(r.accountId))
        .map((r) => r.row)
        .filter((r) => after === null || r.id > after.id);
      return rows.slice(0, limit);
    },
  };
  return { repo, calls };
}

async function collect(batches: AsyncIterable<readonly unknown[]>): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const batch of batches) out.push([...batch]);
  return out;
}

describe('the month of a report', () => {
  it('runs from its first instant to the next month, in UTC', () => {
    expect(monthWindow(2026, 10)).toEqual({
      year: 2026,
      month: 10,
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    });
    expect(monthWindow(2026, 12).to).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(monthWindow(2028, 2).to).toEqual(new Date('2028-03-01T00:00:00Z'));
  });
});

describe('batches of accounts', () => {
  it('packs consecutive accounts up to the batch size and gives a large account its own', () => {
    const accounts = [
      { id: 'a', count: 3 },
      { id: 'b', count: 4 },
      { id: 'c', count: 12 },
      { id: 'd', count: 1 },
      { id: 'e', count: 9 },
    ];
    expect(groupAccounts(accounts, 10)).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
    expect(groupAccounts([], 10)).toEqual([]);
  });
});

describe('the monthly report service', () => {
  const service = (counts: Record<string, number>, batchSize = 4) => {
    const fake = fakeRepository(counts);
    return {
      ...fake,
      service: createSubscriptionReportService(fake.repo, authorizeOver(), {
        batchSize,
        now: () => NOV_27_2026,
      }),
    };
  };

  it('refuses a month that has not begun (400 naming the month), and serves the current one', async () => {
    const { service: s } = service({ [OWN_ACCOUNT]: 1 });
    await expect(s.monthly(principalOf('superUser'), 2026, 12)).rejects.toMatchObject({
      statusCode: 400,
      field: 'month',
      message: reportMessages.future('12/2026'),
    });
    await expect(s.monthly(principalOf('superUser'), 2027, 1)).rejects.toMatchObject({
      statusCode: 400,
    });
    const current = await s.monthly(principalOf('superUser'), 2026, 11);
    expect(current.fileName).toBe('UsageReport-2026-11.xlsx');
    expect(current.sheetName).toBe('Usage 2026-11');
  });

  it('answers 404 when no subscription of the caller was active in the month', async () => {
    const { service: s } = service({ [OTHER_ACCOUNT]: 3 });
    await expect(s.monthly(principalOf('accountAdmin'), 2026, 10)).rejects.toMatchObject({
      statusCode: 404,
      message: 'No subscription was active in 10/2026.',
    });
    // Staff see the other account's subscriptions.
    await expect(s.monthly(principalOf('superUser'), 2026, 10)).resolves.toBeTruthy();
  });

  it('refuses roles without subscriptions.view before reading anything', async () => {
    const { service: s, calls } = service({ [OWN_ACCOUNT]: 1 });
    for (const role of roleKeys.filter((r) => !roleCan(r, 'subscriptions.view'))) {
      await expect(s.monthly(principalOf(role), 2026, 10), role).rejects.toMatchObject({
        statusCode: 403,
      });
    }
    expect(calls).toEqual([]);
  });

  it('reads every subscription once, in batches of at most the batch size, resuming after the last key', async () => {
    const { service: s, calls } = service(
      { [OWN_ACCOUNT]: 9, [CHILD_ACCOUNT]: 2, [OTHER_ACCOUNT]: 1 },
      4,
    );
    const report = await s.monthly(principalOf('superUser'), 2026, 10);
    const batches = await collect(report.batches);
    expect(batches.map((b) => b.length)).toEqual([4, 4, 1, 3]);
    const numbers = batches
      .flat()
      .map((c) => (c as { subscriptionNumber: string }).subscriptionNumber);
    expect(new Set(numbers).size).toBe(12);
    // The large account alone, each batch after the last key of the one before; the two small
    // accounts together in one query.
    expect(calls).toEqual([
      { accounts: [OWN_ACCOUNT], after: null },
      { accounts: [OWN_ACCOUNT], after: reportRow(OWN_ACCOUNT, 3).id },
      { accounts: [OWN_ACCOUNT], after: reportRow(OWN_ACCOUNT, 7).id },
      { accounts: [CHILD_ACCOUNT, OTHER_ACCOUNT], after: null },
    ]);
  });

  it('leaves the number and Salesforce columns out for roles without subscriptions.salesforce', async () => {
    for (const role of roleKeys.filter((r) => roleCan(r, 'subscriptions.view'))) {
      const { service: s } = service({ [OWN_ACCOUNT]: 1 });
      const report = await s.monthly(principalOf(role), 2026, 10);
      const headers = report.columns.map((c) => c.header);
      const cells = (await collect(report.batches)).flat()[0] as Record<string, unknown>;
      if (roleCan(role, 'subscriptions.salesforce')) {
        expect(headers, role).toContain('Subscription Number');
        expect(cells['salesforceObjectId'], role).toBe('SF-0');
      } else {
        expect(headers, role).not.toContain('Subscription Number');
        expect(headers, role).not.toContain('Salesforce Object ID');
        expect(cells, role).not.toHaveProperty('subscriptionNumber');
        expect(cells, role).not.toHaveProperty('salesforceObjectId');
      }
    }
  });
});
