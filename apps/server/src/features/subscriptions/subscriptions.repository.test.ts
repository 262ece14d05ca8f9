import { subscriptionListQuerySchema, type SubscriptionListQuery } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { recordingPool } from '../../test/recording-pool.js';
import { parseSubscriptionQuery } from './subscription-query.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';

/** The statement name the page query was sent with (undefined: not prepared). */
async function pageStatementName(
  preparedStatements: boolean,
  query: Partial<Record<keyof SubscriptionListQuery, string>>,
  scope: { all: true } | { all: false; accountIds: string[] } = { all: true },
): Promise<string | undefined> {
  const { pool, sent } = recordingPool();
  const repo = createSubscriptionsRepository(pool, { preparedStatements });
  await repo.page(scope, parseSubscriptionQuery(subscriptionListQuerySchema.parse(query)));
  return sent[0]?.name;
}

const NORTHWIND = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';

describe('subscriptions list page: prepared statements', () => {
  it('prepares the first ten pages at the portal page sizes, named by their text', async () => {
    const first = await pageStatementName(true, {});
    expect(first).toMatch(/^subscriptions_page_[0-9a-f]{40}$/);
    expect(await pageStatementName(true, {})).toBe(first);
    expect(await pageStatementName(true, { take: '25', skip: '225' })).toMatch(
      /^subscriptions_page_/,
    );
    expect(await pageStatementName(true, { sortDirection: 'DESC' })).not.toBe(first);
    expect(await pageStatementName(true, { filters: 'Usage:Over80' })).toMatch(
      /^subscriptions_page_/,
    );
  });

  it("plans an account tree's page each time (a generic plan would walk the whole index for a small tree)", async () => {
    expect(
      await pageStatementName(true, {}, { all: false, accountIds: [NORTHWIND] }),
    ).toBeUndefined();
    expect(await pageStatementName(true, { filters: `AccountId:${NORTHWIND}` })).toBeUndefined();
  });

  it('plans free text, end-date ranges, odd page sizes and deep pages each time', async () => {
    expect(await pageStatementName(true, { query: 'Hybrid' })).toBeUndefined();
    expect(await pageStatementName(true, { filters: 'EndDate:[0 1000]' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '37' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '50', skip: '500' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '50', skip: '25' })).toBeUndefined();
  });

  it('never prepares on PGlite (its one session outlives the pool client that prepared)', async () => {
    expect(await pageStatementName(false, {})).toBeUndefined();
  });
});
