import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListQueryError, parseListQuery } from '../lists/parse-list-query.js';
import {
  subscriptionListFields,
  subscriptionListGrammar,
  subscriptionListQuerySchema,
  subscriptionListQueryV21Schema,
  subscriptionListV21ParamNames,
  subscriptionSortFields,
} from './subscription-list.js';

const parse = (q: Record<string, string>) =>
  parseListQuery(subscriptionListGrammar, subscriptionListQuerySchema.parse(q));
const ACCOUNT = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';

function expectRefusal(run: () => unknown, field: string) {
  try {
    run();
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(ListQueryError);
    expect((error as ListQueryError).field).toBe(field);
    expect((error as ListQueryError).message.length).toBeGreaterThan(10);
  }
}

describe('the subscriptions list grammar', () => {
  it('defaults to EndDate ascending, 50 a page, every list field', () => {
    const p = parse({});
    expect(p).toMatchObject({
      skip: 0,
      take: 50,
      sortField: 'EndDate',
      sortDirection: 'asc',
      text: null,
      filters: { accountIds: [], endDate: null, usage: null },
    });
    expect([...p.fields].sort()).toEqual([...subscriptionListFields].sort());
  });

  it("reads the list page's call: upper-case direction, the six fields, both filters", () => {
    const p = parse({
      skip: '50',
      take: '50',
      sortField: 'EndDate',
      sortDirection: 'ASC',
      query: '  SUB-12 ',
      fields: 'Id,Description,StartDate,EndDate,AccountId,SubscriptionNumber',
      filters: `AccountId:${ACCOUNT},EndDate:[1767225600000 1798761599999]`,
    });
    expect(p.text).toBe('SUB-12');
    expect([...p.fields].sort()).toEqual(
      ['AccountId', 'Description', 'EndDate', 'Id', 'StartDate', 'SubscriptionNumber'].sort(),
    );
    expect(p.filters).toEqual({
      accountIds: [ACCOUNT],
      endDate: { from: new Date(1767225600000), to: new Date(1798761599999) },
      usage: null,
    });
  });

  it('reads the usage filter in any case, as the grammar spells it; the last one counts', () => {
    expect(parse({ filters: 'Usage:Over80' }).filters.usage).toBe('Over80');
    expect(parse({ filters: 'usage:over80' }).filters.usage).toBe('Over80');
    expect(parse({ filters: 'USAGE:OVER100' }).filters.usage).toBe('Over100');
    expect(parse({ filters: 'Usage:Over100,Usage:Over80' }).filters.usage).toBe('Over80');
  });

  it('always includes Id in the fields', () => {
    expect([...parse({ fields: 'Description' }).fields].sort()).toEqual(['Description', 'Id']);
  });

  it.each([
    [{ sortField: 'Password' }, 'sortField'],
    [{ fields: 'Id,SalesforceObjectId' }, 'fields'],
    [{ filters: 'AccountId:not-a-uuid' }, 'filters'],
    [{ filters: 'EndDate:[1 2' }, 'filters'],
    [{ filters: 'EndDate:[2 1]' }, 'filters'],
    [{ filters: 'EndDate:[a b]' }, 'filters'],
    [{ filters: 'EndDate:[99999999999999999 1]' }, 'filters'],
    [{ filters: 'EndDate:[1 2],EndDate:[3 4]' }, 'filters'],
    [{ filters: 'Color:blue' }, 'filters'],
    [{ filters: 'justtext' }, 'filters'],
    [{ filters: 'Usage:Over90' }, 'filters'],
    [{ filters: 'Usage:' }, 'filters'],
  ])('refuses %o with a ListQueryError (the 400) naming %s', (q, field) => {
    expectRefusal(() => parse(q), field);
  });

  it('says what it knows in its refusals', () => {
    expect(() => parse({ filters: 'Color:blue' })).toThrow(
      'Unknown filter "Color". Use AccountId, EndDate or Usage.',
    );
    expect(() => parse({ filters: 'Usage:Over90' })).toThrow(
      'Filter Usage takes Over80 or Over100, not "Over90".',
    );
    expect(() => parse({ filters: 'EndDate:[2 1]' })).toThrow(
      'Filter EndDate starts after it ends: "[2 1]".',
    );
    expect(() => parse({ filters: 'EndDate:[1 2],EndDate:[3 4]' })).toThrow(
      'Filter EndDate can be given only once.',
    );
    expect(() => parse({ filters: 'justtext' })).toThrow(
      'Malformed filter "justtext": expected Name:value.',
    );
    expect(() => parse({ fields: 'Secret' })).toThrow(
      `Unknown field "Secret". Use any of: ${subscriptionListFields.join(', ')}.`,
    );
  });

  it('names the v2.1 parameters in its refusals', () => {
    const v21 = (q: Record<string, string>) => {
      const raw = subscriptionListQueryV21Schema.parse(q);
      return parseListQuery(
        subscriptionListGrammar,
        { skip: raw.from, take: raw.take, sortField: raw.sortBy, fields: raw.select },
        subscriptionListV21ParamNames,
      );
    };
    expectRefusal(() => v21({ sortBy: 'Secret' }), 'sortBy');
    expectRefusal(() => v21({ select: 'Secret' }), 'select');
    expect(() => v21({ sortBy: 'Secret' })).toThrow('Unknown sortBy "Secret".');
  });

  it('refuses out-of-range paging in the schema', () => {
    for (const q of [{ take: '0' }, { take: '1001' }, { skip: '-1' }, { sortDirection: 'up' }])
      expect(subscriptionListQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    expect(subscriptionListQuerySchema.parse({ take: '1000' }).take).toBe(1000);
  });

  it('never throws anything but a ListQueryError for any filter, field or sort text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 30 }),
        (filters, fields, sortField) => {
          try {
            parse({ filters, fields, sortField });
            return true;
          } catch (error) {
            return error instanceof ListQueryError;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads back any well-formed filter list, in any order and spacing', () => {
    const range = fc
      .tuple(fc.integer({ min: -4e12, max: 4e12 }), fc.integer({ min: -4e12, max: 4e12 }))
      .map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
    fc.assert(
      fc.property(
        fc.array(fc.uuid(), { maxLength: 4 }),
        fc.option(range, { nil: null }),
        fc.constantFrom('', ' '),
        fc.constantFrom('AccountId', 'accountid', 'ACCOUNTID'),
        (accounts, endDate, space, name) => {
          const parts = accounts.map((a) => `${space}${name}:${space}${a.toUpperCase()}`);
          if (endDate)
            parts.splice(accounts.length >> 1, 0, `EndDate:[${endDate[0]} ${endDate[1]}]`);
          const p = parse({ filters: parts.join(',') });
          expect(p.filters.accountIds).toEqual(accounts.map((a) => a.toLowerCase()));
          expect(p.filters.endDate).toEqual(
            endDate ? { from: new Date(endDate[0]), to: new Date(endDate[1]) } : null,
          );
        },
      ),
    );
  });

  it('accepts any case for every sort field and direction', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...subscriptionSortFields),
        fc.boolean(),
        fc.constantFrom('asc', 'ASC', 'desc', 'DESC', 'Desc'),
        (field, upper, sortDirection) => {
          const sortField = upper ? field.toUpperCase() : field.toLowerCase();
          const p = parse({ sortField, sortDirection });
          return p.sortField === field && p.sortDirection === sortDirection.toLowerCase();
        },
      ),
    );
  });
});
