import { describe, expect, it } from 'vitest';
import {
  defaultDeviceListView,
  deviceListFilters,
  deviceListRequest,
  deviceListRequestSearch,
  deviceListSearch,
  deviceListSearchSchema,
  parseDeviceListView,
  type DeviceListView,
} from './device-list-view';

const ACCOUNT = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00';

describe('parseDeviceListView', () => {
  it('gives the spec defaults for an empty address: Name ascending, page 1', () => {
    expect(parseDeviceListView({})).toEqual(defaultDeviceListView);
    expect(defaultDeviceListView.sort).toBe('name');
    expect(defaultDeviceListView.direction).toBe('asc');
  });

  it('reads every value of a shared view', () => {
    expect(
      parseDeviceListView({
        q: 'voyager',
        account: ACCOUNT.toUpperCase(),
        satellite: 'online',
        cellular: 'offline',
        sort: 'account',
        dir: 'desc',
        page: 3,
        pageSize: 25,
      }),
    ).toEqual<DeviceListView>({
      query: 'voyager',
      accountId: ACCOUNT,
      satellite: 'online',
      cellular: 'offline',
      state: null,
      sort: 'account',
      direction: 'desc',
      page: 3,
      pageSize: 25,
    });
  });

  it('accepts numbers given as text and a numeric search text', () => {
    const view = parseDeviceListView({ page: '2', pageSize: '100', q: 12345 });
    expect(view.page).toBe(2);
    expect(view.pageSize).toBe(100);
    expect(view.query).toBe('12345');
  });

  it('drops each invalid value on its own and keeps the valid ones', () => {
    const view = parseDeviceListView({
      q: 'kan',
      account: 'not-a-uuid',
      satellite: 'maybe',
      sort: 'password',
      dir: 'sideways',
      page: -4,
      pageSize: 33,
    });
    expect(view).toEqual({ ...defaultDeviceListView, query: 'kan' });
    expect(parseDeviceListView({ page: 1.5 }).page).toBe(1);
    expect(parseDeviceListView({ page: 'abc' }).page).toBe(1);
  });

  it('trims the text and caps it at 200 characters', () => {
    expect(parseDeviceListView({ q: '  abc  ' }).query).toBe('abc');
    expect(parseDeviceListView({ q: 'x'.repeat(500) }).query).toHaveLength(200);
  });
});

describe('deviceListSearch', () => {
  it('leaves out the defaults, so the default view has a bare address', () => {
    expect(deviceListSearch(defaultDeviceListView)).toEqual({});
  });

  it('writes a text of digits as a number (a clean address) and reads it back as text', () => {
    const view = { ...defaultDeviceListView, query: '73853' };
    expect(deviceListSearch(view)).toEqual({ q: 73853 });
    expect(parseDeviceListView(deviceListSearch(view)).query).toBe('73853');
    expect(deviceListSearch({ ...view, query: '007' })).toEqual({ q: '007' });
  });

  it('round-trips a view through the address', () => {
    const view: DeviceListView = {
      query: 'north',
      accountId: ACCOUNT,
      satellite: 'offline',
      cellular: 'online',
      state: 'SyncBlocked',
      sort: 'serial',
      direction: 'asc',
      page: 4,
      pageSize: 10,
    };
    expect(parseDeviceListView(deviceListSearch(view))).toEqual(view);
  });
});

describe('deviceListSearchSchema', () => {
  it('leaves defaults and invalid values out, so the default view is a bare address', () => {
    const search = deviceListSearchSchema.parse({
      q: '   ',
      account: 'not-a-uuid',
      satellite: 'any',
      cellular: 'maybe',
      sort: 'name',
      dir: 'asc',
      page: '1',
      pageSize: '33',
    });
    expect(Object.values(search).every((value) => value === undefined)).toBe(true);
    expect(deviceListSearchSchema.parse({ page: 0, pageSize: 5000 })).toEqual({});
    expect(deviceListSearchSchema.parse({ page: 1_000_001 }).page).toBeUndefined();
  });

  it('keeps each valid value when others are invalid', () => {
    expect(
      deviceListSearchSchema.parse({ satellite: 'online', cellular: 'sometimes', page: '3' }),
    ).toEqual({ satellite: 'online', page: 3 });
  });

  it('keeps any page size the pager offers, 50 too: without one the saved size applies', () => {
    expect(deviceListSearchSchema.parse({ pageSize: '50' }).pageSize).toBe(50);
    expect(deviceListSearchSchema.parse({ pageSize: 10 }).pageSize).toBe(10);
  });

  it('keeps the sort as a pair: a column alone is ascending, a direction alone is by Name', () => {
    expect(deviceListSearchSchema.parse({ sort: 'serial' })).toEqual({
      sort: 'serial',
      dir: 'asc',
    });
    expect(deviceListSearchSchema.parse({ dir: 'desc' })).toEqual({ sort: 'name', dir: 'desc' });
    expect(deviceListSearchSchema.parse({ sort: 'password', dir: 'desc' })).toEqual({
      sort: 'name',
      dir: 'desc',
    });
  });

  it('reads a text of digits as a number whether the router quoted it or not', () => {
    expect(deviceListSearchSchema.parse({ q: '12345' }).q).toBe(12345);
    expect(deviceListSearchSchema.parse({ q: 12345 }).q).toBe(12345);
    expect(deviceListSearchSchema.parse({ q: ' 007 ' }).q).toBe('007');
  });

  it('lower-cases the account id', () => {
    expect(deviceListSearchSchema.parse({ account: ACCOUNT.toUpperCase() }).account).toBe(ACCOUNT);
  });

  it('reads back every search the list writes unchanged, so a reload keeps the address', () => {
    const views: DeviceListView[] = [
      defaultDeviceListView,
      { ...defaultDeviceListView, query: '73853', page: 2 },
      { ...defaultDeviceListView, sort: 'name', direction: 'desc', pageSize: 50 },
      { ...defaultDeviceListView, sort: 'serial', direction: 'asc', satellite: 'offline' },
      {
        query: 'north sea',
        accountId: ACCOUNT,
        satellite: 'online',
        cellular: 'offline',
        state: 'HubJobFailed',
        sort: 'cellularOnline',
        direction: 'desc',
        page: 7,
        pageSize: 100,
      },
    ];
    for (const view of views) {
      const search = deviceListSearch(view);
      expect(deviceListSearchSchema.parse(search)).toEqual(search);
      expect(parseDeviceListView(search)).toEqual(view);
    }
  });
});

describe('deviceListRequest', () => {
  it('asks for the first 50 by Name ascending by default', () => {
    expect(deviceListRequest(defaultDeviceListView)).toEqual({
      skip: 0,
      take: 50,
      sortField: 'Name',
      sortDirection: 'ASC',
      fields: 'Id,Name,Serial,ProductCode,AccountId,AccountName,NetworkStatus',
    });
  });

  it('pages, sorts by the column server field and filters in the server grammar', () => {
    const request = deviceListRequest(
      {
        ...defaultDeviceListView,
        query: ' kan ',
        accountId: ACCOUNT,
        satellite: 'online',
        cellular: 'online',
        sort: 'kpc',
        direction: 'desc',
        page: 3,
      },
      25,
    );
    expect(request).toMatchObject({
      skip: 50,
      take: 25,
      sortField: 'ProductCode',
      sortDirection: 'DESC',
      query: 'kan',
      filters: `NetworkStatus.SatelliteOnline:true,NetworkStatus.CellularOnline:true,AccountId:${ACCOUNT}`,
    });
  });

  it('maps the online columns to the NetworkStatus sort fields', () => {
    const sat = deviceListRequest({ ...defaultDeviceListView, sort: 'satelliteOnline' });
    const cell = deviceListRequest({ ...defaultDeviceListView, sort: 'cellularOnline' });
    expect(sat.sortField).toBe('NetworkStatus.SatelliteOnline');
    expect(cell.sortField).toBe('NetworkStatus.CellularOnline');
  });

  it("carries the home page's state filter from the address to the request", () => {
    const view = parseDeviceListView({ state: 'OfflineOver24h' });
    expect(view.state).toBe('OfflineOver24h');
    expect(deviceListSearch(view)).toEqual({ state: 'OfflineOver24h' });
    expect(deviceListRequest(view).filters).toBe('State:OfflineOver24h');
    expect(parseDeviceListView({ state: 'Asleep' }).state).toBeNull();
  });

  it('writes "not online" as :false and leaves out filters that are off', () => {
    expect(
      deviceListFilters({ accountId: null, satellite: 'offline', cellular: 'any', state: null }),
    ).toBe('NetworkStatus.SatelliteOnline:false');
    expect(
      deviceListFilters({ accountId: null, satellite: 'any', cellular: 'any', state: null }),
    ).toBe(undefined);
  });

  it('encodes the request as the query string the server reads', () => {
    const search = new URLSearchParams(
      deviceListRequestSearch(
        deviceListRequest({ ...defaultDeviceListView, query: 'a&b', accountId: ACCOUNT }),
      ),
    );
    expect(search.get('query')).toBe('a&b');
    expect(search.get('filters')).toBe(`AccountId:${ACCOUNT}`);
    expect(search.get('skip')).toBe('0');
    expect(search.has('pageSize')).toBe(false);
  });
});
