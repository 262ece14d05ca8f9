import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { roleKeys, type RoleKey } from '@aerie/contract';
import {
  deviceListFields,
  deviceListQuerySchema,
  deviceListSchema,
  deviceSortFields,
  deviceSummarySchema,
  deviceSchema,
  deviceUsageSchema,
  type DeviceList,
} from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';
import { NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { parseDeviceQuery } from './device-query.js';
import { createDevicesRepository } from './devices.repository.js';

const api = useApiContext({ fleet: { deviceCount: 150, accountCount: 10, usageDays: 45 } });

async function list(role: RoleKey, query: Record<string, string> = {}) {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/v2/devices',
    query,
    headers: api.as(role),
  });
  return res;
}
async function page(role: RoleKey, query: Record<string, string> = {}): Promise<DeviceList> {
  const res = await list(role, query);
  expect(res.statusCode, res.body).toBe(200);
  return deviceListSchema.parse(res.json());
}
async function scalarText(sql: string, params: unknown[] = []): Promise<string> {
  const r = await api.ctx.database.pool.query<{ n: string }>(sql, params);
  return r.rows[0]!.n;
}
async function scalar(sql: string, params: unknown[] = []): Promise<number> {
  const r = await api.ctx.database.pool.query<{ n: number }>(sql, params);
  return r.rows[0]!.n;
}

describe('GET /v2/devices', () => {
  it('sends a large page gzipped to a client that accepts it, the same answer either way', async () => {
    const url = '/v2/devices?take=50';
    const headers = { ...api.as('superUser'), 'accept-encoding': 'gzip, deflate, br' };
    const zipped = await api.ctx.app.inject({ method: 'GET', url, headers });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    const plain = await api.ctx.app.inject({ method: 'GET', url, headers: api.as('superUser') });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    expect(zlib.gunzipSync(zipped.rawPayload).length).toBeLessThanOrEqual(plain.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    // A small answer is not worth compressing.
    const me = await api.ctx.app.inject({ method: 'GET', url: '/v2/users/me', headers });
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it('shows provider staff every device', async () => {
    const all = await scalar('select count(*)::int as n from devices');
    for (const role of ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'] as const) {
      expect((await page(role, { take: '1' })).total, role).toBe(all);
    }
  });

  it("limits an account's users to their account and its children", async () => {
    const expected = await scalar(
      `select count(*)::int as n from devices where account_id in (${NORTHWIND_TREE})`,
    );
    expect(expected).toBeGreaterThan(0);
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const p = await page(role, { take: '10000', fields: 'Id,AccountName' });
      expect(p.total, role).toBe(expected);
      const northwind = [
        'Northwind Maritime',
        'Northwind Maritime – Atlantic Fleet',
        'Northwind Maritime – Pacific Fleet',
      ];
      for (const item of p.items) expect(northwind, role).toContain(item.accountName);
    }
  });

  it('finds nothing of another account even when asked for it by filter', async () => {
    const terra = await api.ctx.database.pool.query<{ id: string }>(
      "select id from accounts where name = 'Terra Logistics'",
    );
    const p = await page('accountAdmin', { filters: `AccountId:${terra.rows[0]!.id}` });
    expect(p.total).toBe(0);
  });

  it("includes the sub-accounts' devices when a parent account is chosen, within the scope", async () => {
    const parent = await scalarText(
      "select id::text as n from accounts where name = 'Northwind Maritime'",
    );
    const filters = `AccountId:${parent}`;
    const tree = await scalar(
      `select count(*)::int as n from devices where deleted_at is null and account_id in (${NORTHWIND_TREE})`,
    );
    const own = await scalar(
      'select count(*)::int as n from devices where deleted_at is null and account_id = $1',
      [parent],
    );
    expect(tree).toBeGreaterThan(own);
    for (const role of ['superUser', 'accountAdmin'] as const) {
      const p = await page(role, { filters, take: '10000', fields: 'Id,AccountName' });
      expect(p.total, role).toBe(tree);
      expect(new Set(p.items.map((i) => i.accountName)), role).toEqual(
        new Set([
          'Northwind Maritime',
          'Northwind Maritime – Atlantic Fleet',
          'Northwind Maritime – Pacific Fleet',
        ]),
      );
      const summary = await api.ctx.app.inject({
        method: 'GET',
        url: '/v2/devices/summary',
        query: { filters },
        headers: api.as(role),
      });
      expect(summary.json<{ total: number }>().total, role).toBe(tree);
    }
    // A child chosen alone is only that child; a parent outside the scope is still nothing.
    const atlantic = await scalarText(
      "select id::text as n from accounts where name = 'Northwind Maritime – Atlantic Fleet'",
    );
    const child = await page('superUser', {
      filters: `AccountId:${atlantic}`,
      fields: 'AccountName',
    });
    expect(new Set(child.items.map((i) => i.accountName))).toEqual(
      new Set(['Northwind Maritime – Atlantic Fleet']),
    );
    const terra = await scalarText(
      "select id::text as n from accounts where name = 'Terra Logistics'",
    );
    const terraDevices = await scalar(
      `select count(*)::int as n from devices d join accounts a on a.id = d.account_id
       where d.deleted_at is null and (a.id = $1 or a.parent_id = $1)`,
      [terra],
    );
    expect(terraDevices).toBeGreaterThan(0);
    expect((await page('accountAdmin', { filters: `AccountId:${terra}` })).total).toBe(0);
    const foreignSummary = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/devices/summary',
      query: { filters: `AccountId:${terra}` },
      headers: api.as('accountAdmin'),
    });
    expect(foreignSummary.statusCode).toBe(200);
    expect(foreignSummary.json<{ total: number; online: number }>()).toMatchObject({
      total: 0,
      online: 0,
    });
  });

  it('sorts by name ascending by default and pages without overlap', async () => {
    const first = await page('superUser', { take: '40' });
    // The natural key: lower case, digit runs zero-padded ("camp 2" before "camp 10").
    const names = first.items.map((i) =>
      i.name!.toLowerCase().replace(/[0-9]+/g, (d) => d.padStart(20, '0')),
    );
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await page('superUser', { take: '40', skip: '40' });
    const ids = new Set(first.items.map((i) => i.id));
    expect(second.items.some((i) => ids.has(i.id))).toBe(false);
    const desc = await page('superUser', { take: '1', sortDirection: 'DESC' });
    const lastKey = desc.items[0]!.name!.toLowerCase().replace(/[0-9]+/g, (d) =>
      d.padStart(20, '0'),
    );
    expect(lastKey >= names[names.length - 1]!).toBe(true);
  });

  it('sorts names naturally in both directions, done by the database, and pages them', async () => {
    const names = ['Quokka Camp 10', 'Quokka Camp 2', 'quokka camp 3', 'Quokka Camp 1', 'QUOKKA'];
    await api.ctx.database.pool.query(
      `insert into devices (account_id, name)
       select a.id, n from accounts a, unnest($1::text[]) n where a.name = 'Terra Logistics'`,
      [names],
    );
    const order = async (sortDirection: string, skip = '0', take = '10') =>
      (await page('superUser', { query: 'quokka', sortDirection, skip, take })).items.map(
        (i) => i.name,
      );
    const natural = ['QUOKKA', 'Quokka Camp 1', 'Quokka Camp 2', 'quokka camp 3', 'Quokka Camp 10'];
    expect(await order('ASC')).toEqual(natural);
    expect(await order('DESC')).toEqual([...natural].reverse());
    // The walk through the name index gives the same order as the matches sorted in memory.
    const repo = createDevicesRepository(api.ctx.database.pool);
    for (const sortDirection of ['ASC', 'DESC']) {
      const q = parseDeviceQuery(
        deviceListQuerySchema.parse({ query: 'quokka', sortDirection, take: '10' }),
      );
      const walked = (await repo.page({ all: true }, q)).map(
        (r) => (JSON.parse(`{${r.json}}`) as { name: string }).name,
      );
      expect(walked).toEqual(sortDirection === 'ASC' ? natural : [...natural].reverse());
    }
    // Pages of two, in both directions: no overlap, nothing missed.
    for (const dir of ['ASC', 'DESC']) {
      const pages = [
        ...(await order(dir, '0', '2')),
        ...(await order(dir, '2', '2')),
        ...(await order(dir, '4', '2')),
      ];
      expect(pages).toEqual(await order(dir));
    }
    // The key follows a rename, and the rename clears the kept matches at once.
    const renamed = await scalarText(
      `select id::text as n from devices where name = 'Quokka Camp 2'`,
    );
    const put = await api.ctx.app.inject({
      method: 'PUT',
      url: `/v2/devices/${renamed}`,
      payload: { name: 'Quokka Camp 20' },
      headers: api.as('superUser'),
    });
    expect(put.statusCode).toBe(200);
    expect((await order('ASC')).slice(-2)).toEqual(['Quokka Camp 10', 'Quokka Camp 20']);
  });

  it('puts devices without a serial last when sorting by serial, in either direction', async () => {
    await api.ctx.database.pool.query(
      `insert into devices (account_id, name)
       select id, 'Serial-less ' || n from accounts, generate_series(1, 3) n
       where name = 'Terra Logistics'`,
    );
    for (const sortDirection of ['ASC', 'DESC']) {
      const all = await page('superUser', {
        sortField: 'Serial',
        sortDirection,
        take: '10000',
        fields: 'Id,Serial',
      });
      const serials = all.items.map((i) => i.serial ?? null);
      const firstMissing = serials.indexOf(null);
      expect(firstMissing, sortDirection).toBeGreaterThan(0);
      expect(
        serials.slice(firstMissing).every((s) => s === null),
        sortDirection,
      ).toBe(true);
      const present = serials.slice(0, firstMissing) as string[];
      const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(present).toEqual(sortDirection === 'ASC' ? sorted : sorted.reverse());
      // Paged by 40, the same rows in the same order.
      const paged: (string | undefined)[] = [];
      for (let skip = 0; skip < all.items.length; skip += 40) {
        const p = await page('superUser', {
          sortField: 'Serial',
          sortDirection,
          take: '40',
          skip: String(skip),
          fields: 'Id',
        });
        paged.push(...p.items.map((i) => i.id));
      }
      expect(paged, sortDirection).toEqual(all.items.map((i) => i.id));
    }
  });

  it('filters by online state and finds a device by part of its serial', async () => {
    const online = await scalar('select count(*)::int as n from devices where satellite_online');
    expect(
      (await page('superUser', { filters: 'NetworkStatus.SatelliteOnline:true', take: '1' })).total,
    ).toBe(online);
    const { rows } = await api.ctx.database.pool.query<{ serial: string }>(
      'select serial from devices where serial is not null order by serial limit 1',
    );
    const serial = rows[0]!.serial;
    const found = await page('superUser', { query: serial.slice(2, 10) });
    expect(found.items.some((i) => i.serial === serial)).toBe(true);
  });

  it('returns only the requested fields, with components when asked', async () => {
    const p = await page('superUser', {
      fields: 'Id,Name,Serial,NetworkStatus,Location',
      take: '5',
    });
    for (const item of p.items) {
      expect(Object.keys(item).sort()).toEqual([
        'id',
        'location',
        'name',
        'networkStatus',
        'serial',
      ]);
    }
    const withComponents = await page('superUser', {
      fields: 'Id,Components',
      query: '-',
      take: '5',
    });
    expect(withComponents.items.some((i) => (i.components?.length ?? 0) > 0)).toBe(true);
  });

  it('gives no position for a private device in the list (the map fetch)', async () => {
    const privateCount = await scalar(
      'select count(*)::int as n from devices where private and deleted_at is null and latitude is not null',
    );
    expect(privateCount).toBeGreaterThan(0);
    const all = await page('superUser', { fields: 'Id,Private,Location', take: '1000' });
    const located = all.items.filter((i) => i.location?.coordinates);
    expect(all.items.filter((i) => i.private).every((i) => i.location?.coordinates === null)).toBe(
      true,
    );
    expect(located.length).toBe(
      await scalar(
        'select count(*)::int as n from devices where not private and deleted_at is null and latitude is not null and longitude is not null',
      ),
    );
  });

  it('finds a text page by its matches or by the sort order with the same rows', async () => {
    const repo = createDevicesRepository(api.ctx.database.pool);
    const northwind = (await api.ctx.database.pool.query<{ id: string }>(NORTHWIND_TREE)).rows.map(
      (r) => r.id,
    );
    for (const scope of [{ all: true } as const, { all: false, accountIds: northwind } as const]) {
      for (const sortField of deviceSortFields) {
        for (const [query, skip] of [
          ['-', '0'],
          ['-', '7'],
          ['e', '3'],
        ] as const) {
          for (const sortDirection of ['ASC', 'DESC']) {
            const q = parseDeviceQuery(
              deviceListQuerySchema.parse({ query, sortField, sortDirection, skip, take: '20' }),
            );
            const walked = (await repo.page(scope, q)).map((r) => r.id);
            const found = await repo.matches(scope, q, 100_000);
            const chosen = found.ids!.slice(q.skip, q.skip + q.take);
            const byIds = (await repo.rowsByIds(scope, chosen, q.fields)).map((r) => r.id);
            const what = `${sortField} ${sortDirection} "${query}" skip ${skip} all=${scope.all}`;
            expect(walked.length, what).toBeGreaterThan(0);
            expect(chosen, what).toEqual(walked);
            expect(byIds, what).toEqual(walked);
            expect(found.total, what).toBe(await repo.count(scope, q));
          }
        }
      }
    }
  });

  it('answers a text query with the matching devices in name order', async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      `select id from devices where deleted_at is null and (name ilike '%a%' or serial ilike '%a%')
       order by name_sort_key, id limit 30`,
    );
    const p = await page('superUser', { query: 'A', take: '30', fields: 'Id' });
    expect(p.items.map((i) => i.id)).toEqual(rows.map((r) => r.id));
  });

  it("answers exactly the contract's shape (the list skips the zod pass on output)", async () => {
    for (const fields of [
      deviceListFields.join(','),
      'Id,Name,Serial,ProductCode,AccountId,AccountName,NetworkStatus',
      'Private',
    ]) {
      const res = await list('superUser', { fields, take: '150' });
      expect(res.statusCode).toBe(200);
      const body = res.json<unknown>();
      // Parsing throws on a wrong type or format and drops keys the contract does not know.
      expect(deviceListSchema.parse(body), fields).toEqual(body);
    }
    // Timestamps, numbers and names as the device call (which keeps the zod pass and joins the
    // account and product) presents them.
    const p = await page('superUser', {
      fields:
        'Id,Type,Name,Serial,AccountId,AccountName,ProductCode,ProductName,Private,NetworkStatus,Location',
      take: '150',
    });
    const sample = p.items.filter((i) => i.networkStatus?.satelliteLastUpdated).slice(0, 5);
    expect(sample.length).toBeGreaterThan(0);
    for (const item of sample) {
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: `/v2/devices/${item.id}`,
        headers: api.as('superUser'),
      });
      const device = deviceSchema.parse(res.json());
      expect(item.networkStatus).toEqual(device.networkStatus);
      expect(item.location).toEqual({ coordinates: device.location.coordinates });
      const { id, type, name, serial, accountId, accountName, productCode, productName } = device;
      expect(item).toMatchObject({
        ...{ id, type, name, serial, accountId, accountName, productCode, productName },
        private: device.private,
      });
    }
  });

  it('answers 400 with a message for bad grammar and paging, never 500', async () => {
    for (const query of [
      { sortField: 'Password' },
      { filters: 'Color:red' },
      { take: '0' },
      { take: '10001' },
      { skip: '-5' },
      { fields: 'Id,Secret' },
    ]) {
      const res = await list('superUser', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
  });

  it('writes names with quotes, backslashes, control characters and emoji exactly, and nulls as null', async () => {
    const name = 'Zed "Quoted" \\ back\\slash\u0001\ttab </script> ✓ 🛰';
    await api.ctx.database.pool.query(
      `insert into devices (account_id, name, latitude, longitude, satellite_signal)
       select a.id, $1, -0.0000123, 1e-7, -7.25 from accounts a where a.name = 'Terra Logistics'`,
      [name],
    );
    const res = await list('superUser', {
      query: 'Zed "Quoted"',
      fields: deviceListFields.filter((f) => f !== 'Components').join(','),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<unknown>();
    expect(deviceListSchema.parse(body)).toEqual(body);
    const [item] = deviceListSchema.parse(body).items;
    expect(item).toMatchObject({
      name,
      serial: null,
      productCode: null,
      productName: null,
      accountName: 'Terra Logistics',
      private: false,
      location: { coordinates: { latitude: -0.0000123, longitude: 1e-7 } },
    });
    expect(item!.networkStatus).toEqual({
      satelliteOnline: null,
      cellularOnline: null,
      satelliteSignal: -7.25,
      cellularSignal: null,
      wifi: null,
      beam: null,
      satelliteLastUpdated: null,
      cellularLastUpdated: null,
    });
  });

  it('needs a token', async () => {
    expect((await api.ctx.app.inject({ method: 'GET', url: '/v2/devices' })).statusCode).toBe(401);
  });
});

describe('GET /v2/devices/summary', () => {
  async function summary(role: RoleKey, query: Record<string, string> = {}) {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/devices/summary',
      query,
      headers: api.as(role),
    });
    expect(res.statusCode, res.body).toBe(200);
    return deviceSummarySchema.parse(res.json());
  }
  const counts = (where: string) =>
    scalar(`select count(*)::int as n from devices d where d.deleted_at is null and ${where}`);
  const ONLINE = '(d.satellite_online or d.cellular_online)';
  const OFFLINE = `(not coalesce(${ONLINE}, false)
    and (d.satellite_online is false or d.cellular_online is false))`;

  it('counts online, offline and total for the list filter, with the total the list gives', async () => {
    const all = await summary('superUser');
    expect(all).toEqual({
      total: await counts('true'),
      online: await counts(ONLINE),
      offline: await counts(OFFLINE),
    });
    expect(all.online).toBeGreaterThan(0);
    expect(all.offline).toBeGreaterThan(0);

    const filters = 'NetworkStatus.SatelliteOnline:false';
    const filtered = await summary('superUser', { filters, query: 'e' });
    const text = "(d.name ilike '%e%' or d.serial ilike '%e%') and d.satellite_online is not true";
    expect(filtered).toEqual({
      total: await counts(text),
      online: await counts(`${text} and ${ONLINE}`),
      offline: await counts(`${text} and ${OFFLINE}`),
    });
    expect(filtered.total).toBe(
      (await page('superUser', { take: '1', filters, query: 'e' })).total,
    );
  });

  it("counts only the caller's accounts", async () => {
    const mine = await summary('accountAdmin');
    expect(mine.total).toBe(await counts(`d.account_id in (${NORTHWIND_TREE})`));
    expect(mine.online).toBe(await counts(`d.account_id in (${NORTHWIND_TREE}) and ${ONLINE}`));
  });

  it('answers 400 for a bad filter and 401 without a token', async () => {
    const bad = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/devices/summary?filters=Nope:1',
      headers: api.as('superUser'),
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await api.ctx.app.inject({ method: 'GET', url: '/v2/devices/summary' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v2/devices/{id}', () => {
  async function get(role: RoleKey, id: string) {
    return api.ctx.app.inject({
      method: 'GET',
      url: `/v2/devices/${id}`,
      headers: api.as(role),
    });
  }

  it('answers a device with its components, subscription, configuration and history', async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      `select d.id from devices d
       where exists (select 1 from device_subscriptions ds where ds.device_id = d.id and ds.active)
         and exists (select 1 from device_components c where c.device_id = d.id)
       limit 1`,
    );
    const res = await get('superUser', rows[0]!.id);
    expect(res.statusCode).toBe(200);
    const device = deviceSchema.parse(res.json());
    expect(device.components.length).toBeGreaterThan(0);
    expect(device.activeSubscription?.active).toBe(true);
    expect(device.accountName.length).toBeGreaterThan(0);
  });

  it("shows the active subscription's networks only to roles shown Supported Networks (spec 001 §6)", async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string; ids: string[] }>(
      `select d.id, s.network_identifiers as ids from devices d
         join device_subscriptions ds on ds.device_id = d.id and ds.active
         join subscriptions s on s.id = ds.subscription_id
        where d.account_id in (${NORTHWIND_TREE}) and s.network_identifiers is not null
        order by (s.network_identifiers::text ilike '%evolution%') desc, d.id limit 1`,
    );
    const { id, ids } = rows[0]!;
    const requires = ids.some((n) => /evolution/i.test(n));
    const seen: Partial<Record<RoleKey, boolean>> = {};
    for (const role of roleKeys) {
      const res = await get(role, id);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const active = res.json<{ activeSubscription: Record<string, unknown> }>().activeSubscription;
      seen[role] = 'networkIdentifiers' in active;
      if (seen[role]) expect(active['networkIdentifiers']).toEqual(ids);
      expect(active['requiresNetworkConfiguration'], role).toBe(requires);
    }
    expect(seen).toEqual({
      superUser: true,
      providerAdmin: true,
      salesSupport: false,
      productSupport: true,
      accountAdmin: false,
      credentialed: false,
    });
  });

  it('handles a raw factory device with no serial, components, location or subscription', async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      `insert into devices (account_id, name) select id, 'test3-raw-unit' from accounts where name = 'Terra Logistics' returning id`,
    );
    const device = deviceSchema.parse((await get('superUser', rows[0]!.id)).json());
    expect(device).toMatchObject({
      serial: null,
      components: [],
      activeSubscription: null,
      subscriptionHistory: [],
    });
    expect(device.location.coordinates).toBeNull();
    expect(device.software.currentVersion).toBeNull();
  });

  it("answers 404 for another account's device, as for one that does not exist", async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      `select id from devices where account_id not in (${NORTHWIND_TREE}) limit 1`,
    );
    const outside = await get('accountAdmin', rows[0]!.id);
    expect(outside.statusCode).toBe(404);
    const missing = await get('accountAdmin', '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(outside.json()).toEqual(missing.json());
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await get('superUser', 'not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('id');
  });
});

describe('GET /v2/devices/{id}/usage', () => {
  it('answers every day of the month, with totals that match the stored days', async () => {
    const { rows } = await api.ctx.database.pool.query<{
      id: string;
      y: number;
      m: number;
      sat: string;
    }>(
      `select device_id as id, extract(year from day)::int as y, extract(month from day)::int as m,
              sum(satellite_bytes)::text as sat
       from device_daily_usage group by 1, 2, 3 order by 4 desc limit 1`,
    );
    const { id, y, m, sat } = rows[0]!;
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: `/v2/devices/${id}/usage`,
      query: { year: String(y), month: String(m) },
      headers: api.as('superUser'),
    });
    expect(res.statusCode).toBe(200);
    const usage = deviceUsageSchema.parse(res.json());
    expect(usage.satelliteDailyUsage).toHaveLength(new Date(Date.UTC(y, m, 0)).getUTCDate());
    expect(usage.satelliteMonthlyUsage).toBe(Number(sat));
  });

  it('refuses a month out of range', async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      'select id from devices limit 1',
    );
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: `/v2/devices/${rows[0]!.id}/usage`,
      query: { year: '2026', month: '13' },
      headers: api.as('superUser'),
    });
    expect(res.statusCode).toBe(400);
  });
});
