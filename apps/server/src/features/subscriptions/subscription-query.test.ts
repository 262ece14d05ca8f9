import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  subscriptionListFields,
  subscriptionListQuerySchema,
  subscriptionListQueryV21Schema,
  subscriptionSortFields,
} from '@aerie/contract';
import { HttpError } from '../../plugins/errors.js';
import { parseSubscriptionQuery, V21_PARAM_NAMES } from './subscription-query.js';

const parse = (q: Record<string, string>) =>
  parseSubscriptionQuery(subscriptionListQuerySchema.parse(q));
const ACCOUNT = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';

function expect400(run: () => unknown, field: string) {
  try {
    run();
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).field).toBe(field);
    expect((error as HttpError).message.length).toBeGreaterThan(10);
  }
}

describe('parseSubscriptionQuery', () => {
  it('defaults to EndDate ascending, 50 a page, every list field', () => {
    const p = parse({});
    expect(p).toMatchObject({
      skip: 0,
      take: 50,
      sortField: 'EndDate',
      sortDirection: 'asc',
      text: null,
      filters: { accountIds: [], endDate: null },
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
    });
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
  ])('refuses %o with a 400 naming %s', (q, field) => {
    expect400(() => parse(q), field);
  });

  it('names the v2.1 parameters in its 400s', () => {
    const v21 = (q: Record<string, string>) => {
      const raw = subscriptionListQueryV21Schema.parse(q);
      return parseSubscriptionQuery(
        { skip: raw.from, take: raw.take, sortField: raw.sortBy, fields: raw.select },
        V21_PARAM_NAMES,
      );
    };
    expect400(() => v21({ sortBy: 'Secret' }), 'sortBy');
    expect400(() => v21({ select: 'Secret' }), 'select');
  });

  it('refuses out-of-range paging in the schema', () => {
    for (const q of [{ take: '0' }, { take: '1001' }, { skip: '-1' }, { sortDirection: 'up' }])
      expect(subscriptionListQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    expect(subscriptionListQuerySchema.parse({ take: '1000' }).take).toBe(1000);
  });

  it('never throws anything but a 400 for any filter, field or sort text', () => {
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
            return error instanceof HttpError && error.statusCode === 400;
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
