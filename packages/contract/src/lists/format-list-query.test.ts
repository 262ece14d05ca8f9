import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deviceListFields,
  deviceListGrammar,
  deviceListQuerySchema,
  deviceSortFields,
} from '../devices/device-list.js';
import {
  subscriptionListGrammar,
  subscriptionListQuerySchema,
} from '../subscriptions/subscription-list.js';
import { subscriptionUsageFilters } from '../subscriptions/usage-alerts.js';
import { formatListFilters, formatListQuery, listQuerySearch } from './format-list-query.js';
import { parseListQuery } from './parse-list-query.js';

const ACCOUNT = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00';

/** What the server's schema sees of a query string. */
const wire = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('formatListQuery', () => {
  it('writes the wire names, an upper-case direction, and leaves out what is not asked', () => {
    expect(
      formatListQuery(deviceListGrammar, {
        skip: 0,
        take: 50,
        sortField: 'Name',
        sortDirection: 'asc',
        text: '  ',
        filters: { satelliteOnline: null, accountIds: [] },
      }),
    ).toEqual({ skip: 0, take: 50, sortField: 'Name', sortDirection: 'ASC' });
  });

  it("writes the filters in the grammar's order, comma-joined", () => {
    expect(
      formatListFilters(deviceListGrammar, {
        accountIds: [ACCOUNT],
        cellularOnline: true,
        satelliteOnline: false,
      }),
    ).toBe(
      `NetworkStatus.SatelliteOnline:false,NetworkStatus.CellularOnline:true,AccountId:${ACCOUNT}`,
    );
    expect(
      formatListFilters(subscriptionListGrammar, {
        endDate: { from: new Date(1767225600000), to: new Date(1798761599999) },
      }),
    ).toBe('EndDate:[1767225600000 1798761599999]');
    expect(formatListFilters(subscriptionListGrammar, {})).toBeUndefined();
  });

  it('encodes a query string the server reads back', () => {
    const search = listQuerySearch(
      formatListQuery(deviceListGrammar, {
        skip: 25,
        take: 25,
        sortField: 'AccountName',
        sortDirection: 'desc',
        text: 'a&b, c',
        fields: ['Name'],
        filters: { accountIds: [ACCOUNT] },
      }),
    );
    expect(new URLSearchParams(search).get('query')).toBe('a&b, c');
    const p = parseListQuery(deviceListGrammar, deviceListQuerySchema.parse(wire(search)));
    expect(p).toMatchObject({ skip: 25, take: 25, sortField: 'AccountName', text: 'a&b, c' });
    expect(p.sortDirection).toBe('desc');
    expect([...p.fields]).toEqual(['Name', 'Id']);
    expect(p.filters.accountIds).toEqual([ACCOUNT]);
  });

  it('round-trips any device list request through the parser', () => {
    const online = fc.constantFrom(true, false, null);
    fc.assert(
      fc.property(
        fc.record({
          skip: fc.nat({ max: 10_000_000 }),
          take: fc.integer({ min: 1, max: 10_000 }),
          sortField: fc.constantFrom(...deviceSortFields),
          sortDirection: fc.constantFrom('asc' as const, 'desc' as const),
          text: fc.string({ maxLength: 40 }),
          fields: fc.subarray([...deviceListFields], { minLength: 1 }),
          satelliteOnline: online,
          cellularOnline: online,
          accountIds: fc.array(
            fc.uuid().map((id) => id.toLowerCase()),
            { maxLength: 3 },
          ),
        }),
        ({ satelliteOnline, cellularOnline, accountIds, ...request }) => {
          const filters = { satelliteOnline, cellularOnline, accountIds };
          const search = listQuerySearch(
            formatListQuery(deviceListGrammar, { ...request, filters }),
          );
          const p = parseListQuery(deviceListGrammar, deviceListQuerySchema.parse(wire(search)));
          expect(p).toMatchObject({
            skip: request.skip,
            take: request.take,
            sortField: request.sortField,
            sortDirection: request.sortDirection,
            text: request.text.trim() || null,
            filters,
          });
          expect([...p.fields].sort()).toEqual([...new Set([...request.fields, 'Id'])].sort());
        },
      ),
    );
  });

  it('round-trips any subscription filters through the parser', () => {
    const range = fc
      .tuple(fc.integer({ min: -4e12, max: 4e12 }), fc.integer({ min: -4e12, max: 4e12 }))
      .map(([a, b]) => ({ from: new Date(Math.min(a, b)), to: new Date(Math.max(a, b)) }));
    fc.assert(
      fc.property(
        fc.array(
          fc.uuid().map((id) => id.toLowerCase()),
          { maxLength: 3 },
        ),
        fc.option(range, { nil: null }),
        fc.option(fc.constantFrom(...subscriptionUsageFilters), { nil: null }),
        (accountIds, endDate, usage) => {
          const filters = formatListFilters(subscriptionListGrammar, {
            accountIds,
            endDate,
            usage,
          });
          const p = parseListQuery(
            subscriptionListGrammar,
            subscriptionListQuerySchema.parse(filters === undefined ? {} : { filters }),
          );
          expect(p.filters).toEqual({ accountIds, endDate, usage });
        },
      ),
    );
  });
});
