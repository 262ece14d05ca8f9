import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  subscriptionListQuerySchema,
  subscriptionListQueryV21Schema,
  subscriptionListV21ParamNames,
} from '@aerie/contract';
import { HttpError } from '../../plugins/errors.js';
import { parseSubscriptionQuery } from './subscription-query.js';

// The grammar's cases are the contract's (packages/contract/src/subscriptions/
// subscription-list.test.ts); these show that the server answers its refusals with a 400
// naming the parameter as the caller spelled it.
const parse = (q: Record<string, string>) =>
  parseSubscriptionQuery(subscriptionListQuerySchema.parse(q));

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
  it('reads the query with the contract grammar', () => {
    expect(parse({ sortField: 'startdate' })).toMatchObject({
      sortField: 'StartDate',
      sortDirection: 'asc',
      filters: { accountIds: [], endDate: null },
    });
  });

  // One refusal per parameter: the grammar's every refusal is a contract test case.
  it.each([
    [{ sortField: 'Password' }, 'sortField'],
    [{ fields: 'Id,SalesforceObjectId' }, 'fields'],
    [{ filters: 'Color:blue' }, 'filters'],
  ])('refuses %o with a 400 naming %s', (q, field) => {
    expect400(() => parse(q), field);
  });

  it('names the v2.1 parameters in its 400s', () => {
    const v21 = (q: Record<string, string>) => {
      const raw = subscriptionListQueryV21Schema.parse(q);
      return parseSubscriptionQuery(
        { skip: raw.from, take: raw.take, sortField: raw.sortBy, fields: raw.select },
        subscriptionListV21ParamNames,
      );
    };
    expect400(() => v21({ sortBy: 'Secret' }), 'sortBy');
    expect400(() => v21({ select: 'Secret' }), 'select');
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
});
