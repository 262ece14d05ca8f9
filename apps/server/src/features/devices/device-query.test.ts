import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceListQuerySchema } from '@aerie/contract';
import { HttpError } from '../../plugins/errors.js';
import { parseDeviceQuery } from './device-query.js';

// The grammar's cases are the contract's (packages/contract/src/devices/device-list.test.ts);
// these show that the server answers its refusals with a 400 naming the parameter.
const parse = (q: Record<string, string>) => parseDeviceQuery(deviceListQuerySchema.parse(q));
const ACCOUNT = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';

describe('parseDeviceQuery', () => {
  it('reads the query with the contract grammar', () => {
    const p = parse({
      sortField: 'serial',
      sortDirection: 'DESC',
      filters: `AccountId:${ACCOUNT}`,
    });
    expect(p).toMatchObject({ sortField: 'Serial', sortDirection: 'desc', skip: 0, take: 50 });
    expect(p.filters).toEqual({
      satelliteOnline: null,
      cellularOnline: null,
      state: null,
      accountIds: [ACCOUNT],
    });
  });

  // One refusal per parameter: the grammar's every refusal is a contract test case.
  it.each([
    [{ sortField: 'Password' }, 'sortField'],
    [{ fields: 'Id,Secret' }, 'fields'],
    [{ filters: 'Color:blue' }, 'filters'],
  ])('refuses %o with a 400 naming %s', (q, field) => {
    try {
      parse(q);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).field).toBe(field);
    }
  });

  it('never throws anything but a 400 for any filter text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (filters) => {
        try {
          parse({ filters });
          return true;
        } catch (error) {
          return error instanceof HttpError && error.statusCode === 400;
        }
      }),
      { numRuns: 500 },
    );
  });
});
