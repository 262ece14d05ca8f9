import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  deviceListQuerySchema,
  type DeviceList,
  type DeviceListField,
  fleetMapSchema,
  isStaffRole,
  roleCan,
  roleKeys,
  type RoleKey,
} from '@aerie/contract';
import { inScope, type AccountScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  fakeCaches,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
} from '../../test/service-fakes.js';
import type {
  DeviceDetailRows,
  DeviceListRow,
  DeviceRow,
  DevicesRepository,
} from './devices.repository.js';
import { createDevicesService } from './devices.service.js';
import type { ParsedDeviceQuery } from './device-query.js';

function deviceRow(id: string, accountId: string): DeviceRow {
  return {
    id,
    type: 'Maritime',
    name: `Vessel ${id}`,
    serial: `SN-${id}`,
    accountId: accountId,
    accountName: `Account of ${id}`,
    productCode: null,
    productName: null,
    private: false,
    satelliteOnline: true,
    cellularOnline: false,
    satelliteSignal: 8,
    cellularSignal: null,
    wifi: null,
    beam: null,
    latitude: null,
    longitude: null,
    satelliteLastUpdated: null,
    cellularLastUpdated: null,
    geoModemModel: null,
    leoModemModel: null,
    bucModel: null,
    provisioned: true,
    activated: true,
    enableCellTraffic: false,
    syncInProgress: false,
    salesforceAssetId: null,
    publicKey: null,
    features: [],
    satelliteLocationUpdatedOn: null,
    cellularLocationUpdatedOn: null,
    softwareCurrentVersion: '2.1.0',
    softwareTargetVersion: null,
    softwareLocked: false,
    softwareLastUpdatedOn: null,
    softwareLastCheckin: null,
    totalSatelliteUsage: 0,
    totalCellularUsage: 0,
  };
}

/** A list row as the repository's SQL writes it: the table's requested fields as JSON members. */
function listRowOf(d: DeviceRow, fields: ParsedDeviceQuery['fields']): DeviceListRow {
  const members: [DeviceListField, string, unknown][] = [
    ['Id', 'id', d.id],
    ['Type', 'type', d.type],
    ['Name', 'name', d.name],
    ['Serial', 'serial', d.serial],
    ['AccountId', 'accountId', d.accountId],
    ['ProductCode', 'productCode', d.productCode],
    ['Private', 'private', d.private],
  ];
  const json = members
    .filter(([field]) => fields.has(field))
    .map(([, key, value]) => `"${key}":${JSON.stringify(value)}`)
    .join(',');
  return { id: d.id, accountId: d.accountId, productCode: d.productCode, json };
}

/** The service's answer, parsed (the fake's ids are not uuids: no contract schema here). */
const parsed = async (answer: Promise<string>) => JSON.parse(await answer) as DeviceList;

/** The devices repository over three devices, filtered by scope as the SQL is. */
function fakeRepository() {
  const devices = [
    deviceRow('own', OWN_ACCOUNT),
    deviceRow('child', CHILD_ACCOUNT),
    deviceRow('other', OTHER_ACCOUNT),
  ];
  const renamed: string[] = [];
  const scopes: AccountScope[] = [];
  const summaries: AccountScope[] = [];
  const mapScopes: AccountScope[] = [];
  const nameLoads: string[][] = [];
  const matchScopes: AccountScope[] = [];
  const seen = (scope: AccountScope) => devices.filter((d) => inScope(scope, d.accountId));
  const matching = (scope: AccountScope, q: ParsedDeviceQuery) =>
    seen(scope).filter(
      (d) =>
        (q.filters.accountIds.length === 0 || q.filters.accountIds.includes(d.accountId)) &&
        (!q.text || d.name.toLowerCase().includes(q.text.toLowerCase())),
    );
  const listRow = (fields: ParsedDeviceQuery['fields']) => (d: DeviceRow) => listRowOf(d, fields);
  const detail = (device: DeviceRow): DeviceDetailRows => ({
    device: { ...device },
    components: [],
    subscriptions: [],
    networkConfig: null,
    sim: null,
  });
  const repo: DevicesRepository = {
    async page(scope, q) {
      scopes.push(scope);
      return matching(scope, q)
        .slice(q.skip, q.skip + q.take)
        .map(listRow(q.fields));
    },
    async matches(scope, q, limit) {
      matchScopes.push(scope);
      const ids = matching(scope, q).map((d) => d.id);
      return { total: ids.length, ids: ids.length <= limit ? ids : null };
    },
    rowsByIds: async (scope, ids, fields) =>
      ids.flatMap((id) => seen(scope).filter((d) => d.id === id)).map(listRow(fields)),
    async accountNames(ids) {
      nameLoads.push([...ids]);
      return ids.map((id) => ({ id, name: `Account ${id}` }));
    },
    productNames: async () => [],
    count: async (scope, q) => matching(scope, q).length,
    async summary(scope, q) {
      summaries.push(scope);
      const rows = matching(scope, q);
      const online = rows.filter((d) => d.satelliteOnline || d.cellularOnline).length;
      return { total: rows.length, online, offline: rows.length - online };
    },
    async findById(scope, id) {
      const device = seen(scope).find((d) => d.id === id);
      return device ? detail(device) : null;
    },
    async rename(scope, id, name) {
      const device = seen(scope).find((d) => d.id === id);
      if (!device) return false;
      device.name = name;
      renamed.push(id);
      return true;
    },
    dailyUsage: async (deviceId, year, month) =>
      deviceId === 'own' && year === 2026 && month === 2
        ? [{ day: 3, satelliteBytes: 500, cellularBytes: 20 }]
        : [],
    componentsOf: async () => [],
    fleetSummary: async (scope) => ({
      total: seen(scope).length,
      online: 0,
      offline: 0,
      offlineOver24h: 0,
      syncPending: 0,
      syncBlocked: 0,
      hubJobFailed: 0,
    }),
    async mapPoints(scope) {
      mapScopes.push(scope);
      const rows = seen(scope);
      return { json: rows.map((d) => `["${d.id}",10.5,-20.25,1]`).join(','), count: rows.length };
    },
    withSubAccounts: async (ids) =>
      ids.flatMap((id) => (id === OWN_ACCOUNT ? [OWN_ACCOUNT, CHILD_ACCOUNT] : [id])),
  };
  return { repo, renamed, scopes, summaries, mapScopes, nameLoads, matchScopes };
}

function setUp() {
  const fake = fakeRepository();
  const caches = fakeCaches();
  return { ...fake, caches, service: createDevicesService(fake.repo, authorizeOver(), caches) };
}

/** Device ids a role does not see: a missing one, and for the account roles another account's. */
const unseen = (role: RoleKey) => (isStaffRole(role) ? ['missing'] : ['missing', 'other']);
const RENAMERS = roleKeys.filter((r) => roleCan(r, 'devices.rename'));
const NOT_RENAMERS = roleKeys.filter((r) => !roleCan(r, 'devices.rename'));

describe('devices service: 404 outside the caller’s accounts, then 403', () => {
  it.each(roleKeys)(
    'answers %s 404 for a device it does not see, and renames nothing',
    async (role) => {
      const { service, renamed } = setUp();
      const p = principalOf(role);
      for (const id of unseen(role)) {
        const notFound = { statusCode: 404, message: 'Device not found.' };
        await expect(service.get(p, id), id).rejects.toMatchObject(notFound);
        await expect(service.rename(p, id, 'New name'), id).rejects.toMatchObject(notFound);
        await expect(service.usage(p, id, 2026, 2), id).rejects.toMatchObject(notFound);
      }
      expect(renamed).toEqual([]);
    },
  );

  it.each(NOT_RENAMERS)('answers %s 403 for a device it sees but may not rename', async (role) => {
    const { service, renamed, caches } = setUp();
    await expect(service.rename(principalOf(role), 'child', 'New name')).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(renamed).toEqual([]);
    expect(caches.cleared).toEqual([]);
  });

  it.each(RENAMERS)('lets %s rename a device of its accounts and answers it', async (role) => {
    const { service, renamed, caches } = setUp();
    const device = await service.rename(principalOf(role), 'child', 'Northern Star');
    expect(device).toMatchObject({ id: 'child', name: 'Northern Star', accountId: CHILD_ACCOUNT });
    expect(renamed).toEqual(['child']);
    // The list's kept totals and text matches are read again.
    expect(caches.cleared).toEqual(['device', 'search']);
  });
});

describe('devices service: the list and usage', () => {
  it("pages through the caller's accounts' devices with the total", async () => {
    const { service, scopes } = setUp();
    const query = deviceListQuerySchema.parse({ fields: 'Id,Name' });
    const mine = await parsed(service.list(principalOf('credentialed'), query));
    expect(mine).toEqual({
      items: [
        { id: 'own', name: 'Vessel own' },
        { id: 'child', name: 'Vessel child' },
      ],
      total: 2,
    });
    expect((await parsed(service.list(principalOf('salesSupport'), query))).total).toBe(3);
    expect(scopes).toEqual([
      { all: false, accountIds: [OWN_ACCOUNT, CHILD_ACCOUNT] },
      { all: true },
    ]);
  });

  it("summarises the caller's devices and reuses the summary for the same scope and filter", async () => {
    const { service, summaries } = setUp();
    const mine = await service.summary(principalOf('accountAdmin'), {});
    expect(mine.total).toBe(2);
    expect(mine.online + mine.offline).toBe(2);
    await service.summary(principalOf('credentialed'), {});
    expect((await service.summary(principalOf('salesSupport'), {})).total).toBe(3);
    // The account admin and the credentialed user share a scope: one count for both.
    expect(summaries).toEqual([
      { all: false, accountIds: [OWN_ACCOUNT, CHILD_ACCOUNT] },
      { all: true },
    ]);
  });

  it("includes a chosen account's sub-accounts, within the caller's scope", async () => {
    const { service } = setUp();
    const parent = deviceListQuerySchema.parse({
      fields: 'Id',
      filters: `AccountId:${OWN_ACCOUNT}`,
    });
    expect((await parsed(service.list(principalOf('salesSupport'), parent))).items).toEqual([
      { id: 'own' },
      { id: 'child' },
    ]);
    expect(
      await service.summary(principalOf('salesSupport'), { filters: `AccountId:${OWN_ACCOUNT}` }),
    ).toMatchObject({ total: 2 });
  });

  it("names each row's account from the name directory, reading each account once", async () => {
    const { service, nameLoads } = setUp();
    const query = deviceListQuerySchema.parse({ fields: 'Id,AccountName,ProductName' });
    const first = await parsed(service.list(principalOf('salesSupport'), query));
    expect(first.items).toEqual([
      { id: 'own', accountName: `Account ${OWN_ACCOUNT}`, productName: null },
      { id: 'child', accountName: `Account ${CHILD_ACCOUNT}`, productName: null },
      { id: 'other', accountName: `Account ${OTHER_ACCOUNT}`, productName: null },
    ]);
    await parsed(service.list(principalOf('accountAdmin'), query));
    expect(nameLoads).toEqual([[OWN_ACCOUNT, CHILD_ACCOUNT, OTHER_ACCOUNT]]);
    // Without the field, no names are looked up.
    await parsed(
      service.list(principalOf('salesSupport'), deviceListQuerySchema.parse({ fields: 'Id' })),
    );
    expect(nameLoads).toHaveLength(1);
  });

  it('pages through free text from its kept matches, reading the matches once per scope', async () => {
    const fake = fakeRepository();
    // Kept matches are sliced by a uuid's length: these devices have uuids.
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const found = [uuid(1), uuid(2), uuid(3)];
    const pages: string[][] = [];
    fake.repo.matches = async (scope, _q, limit) => {
      fake.matchScopes.push(scope);
      return { total: found.length, ids: found.length <= limit ? found : null };
    };
    fake.repo.rowsByIds = async (_scope, pageIds, fields) => {
      pages.push([...pageIds]);
      return pageIds.map((id) => listRowOf(deviceRow(id, OWN_ACCOUNT), fields));
    };
    const service = createDevicesService(fake.repo, authorizeOver(), fakeCaches());
    const page = (skip: number) =>
      parsed(
        service.list(
          principalOf('salesSupport'),
          deviceListQuerySchema.parse({
            fields: 'Id',
            query: 'Vessel',
            take: '2',
            skip: String(skip),
          }),
        ),
      );
    expect(await page(0)).toEqual({ items: [{ id: uuid(1) }, { id: uuid(2) }], total: 3 });
    expect(await page(2)).toEqual({ items: [{ id: uuid(3) }], total: 3 });
    expect(await page(4)).toEqual({ items: [], total: 3 });
    expect(pages).toEqual([[uuid(1), uuid(2)], [uuid(3)], []]);
    expect(fake.matchScopes).toEqual([{ all: true }]);
  });

  it('walks the sort order when free text matches too many devices to keep', async () => {
    const fake = fakeRepository();
    fake.repo.matches = async () => ({ total: 9_999, ids: null });
    const service = createDevicesService(fake.repo, authorizeOver(), fakeCaches());
    const list = await parsed(
      service.list(
        principalOf('salesSupport'),
        deviceListQuerySchema.parse({ fields: 'Id', query: 'Vessel' }),
      ),
    );
    expect(list).toEqual({
      items: [{ id: 'own' }, { id: 'child' }, { id: 'other' }],
      total: 9_999,
    });
  });

  it('answers every day of the month, zero where nothing was used', async () => {
    const { service } = setUp();
    const usage = await service.usage(principalOf('accountAdmin'), 'own', 2026, 2);
    expect(usage.satelliteDailyUsage).toHaveLength(28);
    expect(usage.satelliteDailyUsage[2]).toEqual({ day: 3, usageValue: 500 });
    expect(usage.cellularDailyUsage[0]).toEqual({ day: 1, usageValue: 0 });
    expect(usage.satelliteMonthlyUsage).toBe(500);
    expect(usage.cellularMonthlyUsage).toBe(20);
  });
});

describe('devices service: the fleet map', () => {
  it('answers JSON of the contract and the same JSON gzipped, built once per scope', async () => {
    const { service, mapScopes } = setUp();
    const first = await service.map(principalOf('accountAdmin'));
    const again = await service.map(principalOf('accountAdmin'));
    expect(again).toBe(first);
    expect(mapScopes).toHaveLength(1);
    const parsed = fleetMapSchema.parse(JSON.parse(first.json));
    expect(parsed.points.map((p) => p[0]).sort()).toEqual(['child', 'own']);
    expect(gunzipSync(first.gzipped).toString('utf8')).toBe(first.json);
  });

  it('answers an empty list of points for a scope without devices on the map', async () => {
    const fake = fakeRepository();
    fake.repo.mapPoints = async () => ({ json: '', count: 0 });
    const service = createDevicesService(fake.repo, authorizeOver(), fakeCaches());
    const answer = await service.map(principalOf('superUser'));
    expect(JSON.parse(answer.json)).toEqual({ points: [] });
  });
});
