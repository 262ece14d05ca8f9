import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListQueryError, parseListQuery } from '../lists/parse-list-query.js';
import { formatListFilters } from '../lists/format-list-query.js';
import { deviceListGrammar, deviceListQuerySchema, deviceStates } from './device-list.js';

const parse = (q: Record<string, string>) =>
  parseListQuery(deviceListGrammar, deviceListQuerySchema.parse(q));
const ACCOUNT = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';

describe('the device list grammar', () => {
  it('defaults to Name ascending, 50 a page, the list fields', () => {
    const p = parse({});
    expect(p).toMatchObject({
      skip: 0,
      take: 50,
      sortField: 'Name',
      sortDirection: 'asc',
      text: null,
    });
    expect([...p.fields]).toEqual(
      expect.arrayContaining(['Id', 'Name', 'Serial', 'NetworkStatus', 'Components']),
    );
  });

  it("reads the spec's filter forms, comma-joined", () => {
    const p = parse({
      filters: `NetworkStatus.CellularOnline:true,NetworkStatus.SatelliteOnline:false,AccountId:${ACCOUNT}`,
    });
    expect(p.filters).toEqual({
      cellularOnline: true,
      satelliteOnline: false,
      accountIds: [ACCOUNT],
      state: null,
    });
  });

  it('reads the map fetch of spec 002', () => {
    const p = parse({
      skip: '0',
      take: '10000',
      sortField: 'Name',
      sortDirection: 'ASC',
      fields: 'Id,Name,Serial,NetworkStatus,Location',
      filters: 'NetworkStatus.SatelliteOnline:true',
    });
    expect(p.take).toBe(10_000);
    expect([...p.fields].sort()).toEqual(['Id', 'Location', 'Name', 'NetworkStatus', 'Serial']);
    expect(p.filters.satelliteOnline).toBe(true);
  });

  it.each([
    [{ sortField: 'Password' }, 'sortField'],
    [{ fields: 'Id,Secret' }, 'fields'],
    [{ filters: 'NetworkStatus.SatelliteOnline:maybe' }, 'filters'],
    [{ filters: 'AccountId:not-a-uuid' }, 'filters'],
    [{ filters: 'Color:blue' }, 'filters'],
    [{ filters: 'justtext' }, 'filters'],
  ])('refuses %o with a ListQueryError (the 400) naming %s', (q, field) => {
    try {
      parse(q);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ListQueryError);
      expect((error as ListQueryError).field).toBe(field);
    }
  });

  it('says what it knows in its refusals', () => {
    expect(() => parse({ sortField: 'Password' })).toThrow(
      'Unknown sortField "Password". Use one of: Name, Serial, Type, AccountName, ProductCode, NetworkStatus.SatelliteOnline, NetworkStatus.CellularOnline.',
    );
    expect(() => parse({ filters: 'Color:blue' })).toThrow(
      'Unknown filter "Color". Use NetworkStatus.SatelliteOnline, NetworkStatus.CellularOnline, AccountId or State.',
    );
    expect(() => parse({ filters: 'NetworkStatus.CellularOnline:maybe' })).toThrow(
      'Filter NetworkStatus.CellularOnline takes true or false, not "maybe".',
    );
    expect(() => parse({ filters: 'AccountId:42' })).toThrow(
      'Filter AccountId takes an account id, not "42".',
    );
  });

  it('refuses out-of-range paging in the schema', () => {
    expect(deviceListQuerySchema.safeParse({ take: '0' }).success).toBe(false);
    expect(deviceListQuerySchema.safeParse({ take: '10001' }).success).toBe(false);
    expect(deviceListQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
    expect(deviceListQuerySchema.safeParse({ sortDirection: 'sideways' }).success).toBe(false);
  });

  it('never throws anything but a ListQueryError for any filter text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (filters) => {
        try {
          parse({ filters });
          return true;
        } catch (error) {
          return error instanceof ListQueryError && error.field === 'filters';
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts any case for known sort fields and directions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('name', 'NAME', 'Serial', 'accountname', 'networkstatus.satelliteonline'),
        fc.constantFrom('asc', 'DESC', 'Desc'),
        (sortField, sortDirection) => {
          const p = parse({ sortField, sortDirection });
          return (
            p.sortField.toLowerCase() === sortField.toLowerCase() &&
            p.sortDirection === sortDirection.toLowerCase()
          );
        },
      ),
    );
  });

  it('takes a blank sortField for none', () => {
    expect(parse({ sortField: '' }).sortField).toBe('Name');
    expect(parse({ sortField: '  ' }).sortField).toBe('Name');
  });
});

describe('the device list State filter', () => {
  it('reads each state in any case, as the contract spells it', () => {
    for (const state of deviceStates) {
      expect(parse({ filters: `state:${state.toUpperCase()}` }).filters.state).toBe(state);
    }
    expect(parse({}).filters.state).toBeNull();
  });

  it('refuses a state it does not know, naming the states it takes', () => {
    expect(() => parse({ filters: 'State:Asleep' })).toThrow(ListQueryError);
    expect(() => parse({ filters: 'State:Asleep' })).toThrow(/Online, Offline, .* or HubJobFailed/);
  });

  it('writes a state back as the grammar reads it', () => {
    const filters = formatListFilters(deviceListGrammar, { state: 'SyncBlocked' });
    expect(filters).toBe('State:SyncBlocked');
    expect(parse({ filters: filters! }).filters.state).toBe('SyncBlocked');
  });
});
