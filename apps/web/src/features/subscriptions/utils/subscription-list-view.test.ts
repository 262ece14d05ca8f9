import { parseListQuery, subscriptionListGrammar } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultSubscriptionListView,
  endDateRange,
  isDay,
  parseSubscriptionListView,
  subscriptionListRequest,
  subscriptionListSearch,
  subscriptionListSearchSchema,
  type SubscriptionListView,
} from './subscription-list-view';

const ACCOUNT = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00';

describe('parseSubscriptionListView', () => {
  it('gives the spec defaults for an empty address: EndDate ascending, page 1', () => {
    expect(parseSubscriptionListView({})).toEqual(defaultSubscriptionListView);
    expect(defaultSubscriptionListView.sort).toBe('endDate');
    expect(defaultSubscriptionListView.direction).toBe('asc');
  });

  it('reads every value of a shared view', () => {
    expect(
      parseSubscriptionListView({
        q: ' maritime ',
        account: ACCOUNT.toUpperCase(),
        from: '2026-01-01',
        to: '2026-06-30',
        usage: 'over80',
        sort: 'account',
        dir: 'desc',
        page: 3,
        pageSize: 25,
      }),
    ).toEqual<SubscriptionListView>({
      query: 'maritime',
      accountId: ACCOUNT,
      endFrom: '2026-01-01',
      endTo: '2026-06-30',
      usage: 'over80',
      sort: 'account',
      direction: 'desc',
      page: 3,
      pageSize: 25,
    });
  });

  it('keeps a date range only whole, real and in order (spec 001 §5)', () => {
    const range = (from: unknown, to: unknown) => {
      const v = parseSubscriptionListView({ from, to });
      return [v.endFrom, v.endTo];
    };
    expect(range('2026-01-01', undefined)).toEqual([null, null]);
    expect(range('2026-02-30', '2026-03-01')).toEqual([null, null]);
    expect(range('2026-05-01', '2026-04-01')).toEqual([null, null]);
    expect(range('2026-04-01', '2026-04-01')).toEqual(['2026-04-01', '2026-04-01']);
  });

  it('falls back value by value on nonsense', () => {
    const v = parseSubscriptionListView({
      sort: 'price',
      dir: 'up',
      page: -2,
      pageSize: 7,
      usage: 'over90',
      q: 'x',
    });
    expect(v).toEqual({ ...defaultSubscriptionListView, query: 'x' });
  });
});

describe('subscriptionListSearch', () => {
  it('leaves the defaults out, so the default view is a bare /subscriptions', () => {
    expect(subscriptionListSearch(defaultSubscriptionListView)).toEqual({});
  });

  it('keeps the usage filter in the address as usage=over80', () => {
    expect(subscriptionListSearch({ ...defaultSubscriptionListView, usage: 'over80' })).toEqual({
      usage: 'over80',
    });
    expect(parseSubscriptionListView({ usage: 'over80' }).usage).toBe('over80');
    expect(parseSubscriptionListView({ usage: 'OVER80' }).usage).toBeNull();
  });

  it('round-trips through the router schema', () => {
    const view: SubscriptionListView = {
      query: 'ocean',
      accountId: ACCOUNT,
      endFrom: '2026-01-01',
      endTo: '2026-12-31',
      usage: 'over80',
      sort: 'startDate',
      direction: 'asc',
      page: 2,
      pageSize: 100,
    };
    const search = subscriptionListSearch(view);
    expect(parseSubscriptionListView(subscriptionListSearchSchema.parse(search))).toEqual(view);
  });
});

describe('isDay', () => {
  it('accepts calendar days only', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2027-2-9')).toBe(false);
    expect(isDay('2027-02-09T00:00')).toBe(false);
  });
});

describe('subscriptionListRequest', () => {
  it('asks the server in the grammar: EndDate ASC, skip from the page, the list fields', () => {
    const request = subscriptionListRequest({ ...defaultSubscriptionListView, page: 3 }, 50);
    expect(request).toMatchObject({
      skip: 100,
      take: 50,
      sortField: 'EndDate',
      sortDirection: 'ASC',
    });
    expect(request.fields).toContain('AccountName');
    expect(request.filters).toBeUndefined();
  });

  it('sends the account and the whole UTC days of the end-date range, which the server reads back', () => {
    const view = {
      ...defaultSubscriptionListView,
      accountId: ACCOUNT,
      endFrom: '2026-03-01',
      endTo: '2026-03-31',
      query: ' sea ',
      sort: 'product' as const,
      direction: 'desc' as const,
    };
    const request = subscriptionListRequest(view, 25);
    const parsed = parseListQuery(subscriptionListGrammar, request);
    expect(parsed.text).toBe('sea');
    expect(parsed.sortField).toBe('Description');
    expect(parsed.sortDirection).toBe('desc');
    expect(parsed.filters.accountIds).toEqual([ACCOUNT]);
    expect(parsed.filters.endDate).toEqual(endDateRange(view));
    expect(parsed.filters.endDate?.from.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(parsed.filters.endDate?.to.toISOString()).toBe('2026-03-31T23:59:59.999Z');
  });

  it('sends the usage filter as Usage:Over80 and nothing when it is off', () => {
    const on = subscriptionListRequest({ ...defaultSubscriptionListView, usage: 'over80' }, 50);
    expect(on.filters).toBe('Usage:Over80');
    expect(parseListQuery(subscriptionListGrammar, on).filters.usage).toBe('Over80');
    const off = subscriptionListRequest(defaultSubscriptionListView, 50);
    expect(parseListQuery(subscriptionListGrammar, off).filters.usage).toBeNull();
  });

  it('sends no date filter with one end', () => {
    const request = subscriptionListRequest(
      { ...defaultSubscriptionListView, endFrom: '2026-03-01', endTo: null },
      50,
    );
    expect(request.filters).toBeUndefined();
  });
});
