import { describe, expect, it } from 'vitest';
import {
  roleCan,
  roleKeys,
  zoneListSchema,
  zoneSchema,
  type RoleKey,
  type Zone,
} from '@aerie/contract';
import { demoZones, seedDemoZones } from '../../demo/seed-zones.js';
import { demoEmail, useApiContext } from '../../test/test-app.js';
import {
  ACCOUNT_ROLES,
  accountId,
  MISSING_ID as MISSING,
  NORTHWIND_ACCOUNTS as NORTHWIND,
  sameFor,
  statusesOf,
  userId,
} from '../../test/fleet-fixtures.js';
import { createZonesRepository } from './zones.repository.js';

const api = useApiContext({ fleet: { seed: 9, deviceCount: 20, accountCount: 8 } });

const square = (lat: number, lon: number) => [
  [lat, lon],
  [lat, lon + 0.1],
  [lat - 0.1, lon + 0.1],
  [lat - 0.1, lon],
];

async function zoneOf(account: string): Promise<string> {
  const r = await api.ctx.database.pool.query<{ id: string }>(
    'select z.id from zones z join accounts a on a.id = z.account_id where a.name = $1 limit 1',
    [account],
  );
  return r.rows[0]!.id;
}
function call(
  role: RoleKey | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  query: Record<string, string> = {},
) {
  return api.call(role, method, url, { body, query });
}
async function created(role: RoleKey, body: object): Promise<Zone> {
  const res = await call(role, 'POST', '/v2/zones', body);
  expect(res.statusCode, res.body).toBe(201);
  return zoneSchema.parse(res.json());
}

describe('demo zones', () => {
  it('are seeded for the demo accounts, once', async () => {
    const before = await api.count('select count(*)::int as n from zones');
    expect(before).toBe(demoZones.length);
    await seedDemoZones(api.ctx.database.db);
    expect(await api.count('select count(*)::int as n from zones')).toBe(before);
  });
});

describe('GET /v2/zones', () => {
  it('shows provider staff every zone and Northwind users their account tree only', async () => {
    const all = await api.count('select count(*)::int as n from zones');
    for (const role of ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'] as const) {
      const res = await call(role, 'GET', '/v2/zones', undefined, { take: '500' });
      expect(zoneListSchema.parse(res.json()).total, role).toBe(all);
    }
    const northwind = await api.count(
      `select count(*)::int as n from zones z join accounts a on a.id = z.account_id where a.name = any($1)`,
      [NORTHWIND],
    );
    expect(northwind).toBeGreaterThan(0);
    expect(northwind).toBeLessThan(all);
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const page = zoneListSchema.parse(
        (await call(role, 'GET', '/v2/zones', undefined, { take: '500' })).json(),
      );
      expect(page.total, role).toBe(northwind);
      expect(page.items).toHaveLength(northwind);
      for (const zone of page.items) expect(NORTHWIND).toContain(zone.accountName);
    }
  });

  it("filters by account, and finds nothing of an account the caller can't see", async () => {
    const terra = await accountId(api, 'Terra Logistics');
    const expected = await api.count('select count(*)::int as n from zones where account_id = $1', [
      terra,
    ]);
    expect(expected).toBeGreaterThan(0);
    const staff = zoneListSchema.parse(
      (await call('superUser', 'GET', '/v2/zones', undefined, { accountId: terra })).json(),
    );
    expect(staff.total).toBe(expected);
    expect(staff.items.every((z) => z.accountId === terra)).toBe(true);
    const outsider = zoneListSchema.parse(
      (await call('accountAdmin', 'GET', '/v2/zones', undefined, { accountId: terra })).json(),
    );
    expect(outsider).toEqual({ items: [], total: 0 });
  });

  it('pages by name without overlap', async () => {
    const first = zoneListSchema.parse(
      (await call('superUser', 'GET', '/v2/zones', undefined, { take: '4' })).json(),
    );
    const second = zoneListSchema.parse(
      (await call('superUser', 'GET', '/v2/zones', undefined, { take: '4', skip: '4' })).json(),
    );
    expect(first.items).toHaveLength(4);
    const names = [...first.items, ...second.items].map((z) => z.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ids = new Set(first.items.map((z) => z.id));
    expect(second.items.some((z) => ids.has(z.id))).toBe(false);
  });

  it('answers 400 with a message for bad paging or account id', async () => {
    for (const query of [
      { take: '0' },
      { take: '501' },
      { skip: '-1' },
      { take: 'ten' },
      { accountId: 'abc' },
    ]) {
      const res = await call('superUser', 'GET', '/v2/zones', undefined, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
  });

  it('needs a token', async () => {
    expect((await call(null, 'GET', '/v2/zones')).statusCode).toBe(401);
  });
});

describe('GET /v2/zones/{id}', () => {
  it('answers a zone of a visible account with its polygon', async () => {
    const id = await zoneOf('Northwind Maritime – Pacific Fleet');
    for (const role of roleKeys) {
      const res = await call(role, 'GET', `/v2/zones/${id}`);
      expect(res.statusCode, role).toBe(200);
      const zone = zoneSchema.parse(res.json());
      expect(zone.accountName).toBe('Northwind Maritime – Pacific Fleet');
      expect(zone.coordinates.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers 404 for another account's zone exactly as for a missing one", async () => {
    const outside = await call(
      'credentialed',
      'GET',
      `/v2/zones/${await zoneOf('Terra Logistics')}`,
    );
    const missing = await call('credentialed', 'GET', `/v2/zones/${MISSING}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(missing.json());
    expect(missing.json<{ message: string }>().message).toBe('Zone not found.');
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await call('superUser', 'GET', '/v2/zones/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('id');
  });
});

describe('POST /v2/zones', () => {
  it("creates a zone in the caller's own account, records who, and stores the ring open", async () => {
    const ring = [...square(50, 1), [50, 1]];
    const zone = await created('accountAdmin', { name: '  Dover Anchorage ', coordinates: ring });
    expect(zone).toMatchObject({
      name: 'Dover Anchorage',
      accountId: await accountId(api, 'Northwind Maritime'),
      coordinates: square(50, 1),
    });
    const author = await userId(api, demoEmail('accountAdmin'));
    expect(zone.createdBy).toBe(author);
    const stored = zoneSchema.parse(
      (await call('credentialed', 'GET', `/v2/zones/${zone.id}`)).json(),
    );
    expect(stored).toEqual(zone);
  });

  it('creates a zone in a visible child account, and 404s for an account outside', async () => {
    const atlantic = await accountId(api, 'Northwind Maritime – Atlantic Fleet');
    const zone = await created('accountAdmin', {
      name: 'Azores Transit',
      accountId: atlantic,
      coordinates: square(38, -28),
    });
    expect(zone.accountName).toBe('Northwind Maritime – Atlantic Fleet');
    const terra = await accountId(api, 'Terra Logistics');
    for (const [role, account] of [
      ['accountAdmin', terra],
      ['superUser', MISSING],
    ] as const) {
      const res = await call(role, 'POST', '/v2/zones', {
        name: 'Nowhere',
        accountId: account,
        coordinates: square(10, 10),
      });
      expect(res.statusCode, role).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Account not found.');
    }
    expect(await api.count("select count(*)::int as n from zones where name = 'Nowhere'")).toBe(0);
  });

  it('lets only roles that configure devices write zones', async () => {
    const statuses = [];
    for (const role of roleKeys) {
      const res = await call(role, 'POST', '/v2/zones', {
        name: `Role check ${role}`,
        coordinates: square(20, 20),
      });
      statuses.push(res.statusCode);
    }
    // superUser, providerAdmin, salesSupport, productSupport, accountAdmin, credentialed
    expect(statuses).toEqual([201, 201, 403, 201, 201, 403]);
    expect(
      (await call(null, 'POST', '/v2/zones', { name: 'x', coordinates: square(1, 1) })).statusCode,
    ).toBe(401);
  });

  it('answers 400 with a clear message for a bad name or polygon', async () => {
    const cases: [object | string, string][] = [
      [{ coordinates: square(1, 1) }, 'Invalid body: name: Name is required.'],
      [{ name: '   ', coordinates: square(1, 1) }, 'Invalid body: name: Name is required.'],
      [
        { name: 'x'.repeat(101), coordinates: square(1, 1) },
        'Invalid body: name: Name must be at most 100 characters.',
      ],
      [
        { name: 'a' },
        'Invalid body: coordinates: Coordinates must be a list of [latitude, longitude] pairs.',
      ],
      [
        { name: 'a', coordinates: square(1, 1).slice(0, 2) },
        'Invalid body: coordinates: A zone needs at least 3 points.',
      ],
      [
        {
          name: 'a',
          coordinates: Array.from({ length: 1001 }, (_, i) => [Math.sin(i), Math.cos(i)]),
        },
        'Invalid body: coordinates: A zone can have at most 1000 points.',
      ],
      [
        { name: 'a', coordinates: [[91, 0], ...square(1, 1)] },
        'Invalid body: coordinates.0.0: Latitude must be between -90 and 90.',
      ],
      [
        { name: 'a', coordinates: [...square(1, 1), [0, 181]] },
        'Invalid body: coordinates.4.1: Longitude must be between -180 and 180.',
      ],
      // JSON.parse reads 1e999 as Infinity.
      [
        '{"name":"a","coordinates":[[1e999,0],[1,1],[2,0]]}',
        'Invalid body: coordinates.0.0: Latitude must be a finite number.',
      ],
      [
        {
          name: 'a',
          coordinates: [
            [0, 0],
            [1, 1],
            [2, 2],
          ],
        },
        'Invalid body: coordinates: The points of a zone must not all lie on one line.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.ctx.app.inject({
        method: 'POST',
        url: '/v2/zones',
        headers: { ...api.as('superUser'), 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('refuses a second zone of the same name in one account (any case), not in another', async () => {
    await created('productSupport', {
      name: 'Bergen Harbour',
      accountId: await accountId(api, 'Terra Logistics'),
      coordinates: square(60.4, 5.3),
    });
    const again = await call('productSupport', 'POST', '/v2/zones', {
      name: ' bergen HARBOUR ',
      accountId: await accountId(api, 'Terra Logistics'),
      coordinates: square(60.4, 5.3),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'A zone named "bergen HARBOUR" already exists in this account.',
    );
    await created('productSupport', {
      name: 'Bergen Harbour',
      accountId: await accountId(api, 'Terra Logistics – Rail'),
      coordinates: square(60.4, 5.3),
    });
  });

  it('lets only one of several simultaneous writes take a name', async () => {
    // Straight at the repository, so the transactions overlap in the database (on PostgreSQL).
    const repo = createZonesRepository(api.ctx.database.pool);
    const values = {
      accountId: await accountId(api, 'Northwind Maritime'),
      name: 'Race Point',
      coordinates: square(42, -70) as [number, number][],
    };
    const author = await userId(api, demoEmail('accountAdmin'));
    // Open the pool's connections first, so the writes run side by side rather than in turn.
    await Promise.all(
      Array.from({ length: 4 }, () => api.ctx.database.pool.query('select pg_sleep(0.05)')),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => repo.create(values, author)),
    );
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(5);
    const answer = await call('accountAdmin', 'POST', '/v2/zones', {
      name: 'Race Point',
      coordinates: square(42, -70),
    });
    expect(answer.statusCode).toBe(409);
  });
});

describe('PUT /v2/zones/{id}', () => {
  it('replaces name and polygon and keeps the account when none is given', async () => {
    const zone = await created('accountAdmin', { name: 'Kiel Canal', coordinates: square(54, 9) });
    const res = await call('accountAdmin', 'PUT', `/v2/zones/${zone.id}`, {
      id: zone.id,
      name: 'Kiel Canal – east lock',
      coordinates: square(54.3, 10.1),
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = zoneSchema.parse(res.json());
    expect(updated).toMatchObject({
      id: zone.id,
      name: 'Kiel Canal – east lock',
      accountId: zone.accountId,
      coordinates: square(54.3, 10.1),
      createdBy: zone.createdBy,
      createdOn: zone.createdOn,
    });
    expect(updated.updatedOn > zone.updatedOn).toBe(true);
    // Its own name (in another case) is not a conflict.
    const same = await call('accountAdmin', 'PUT', `/v2/zones/${zone.id}`, {
      name: 'KIEL CANAL – EAST LOCK',
      coordinates: square(54.3, 10.1),
    });
    expect(same.statusCode).toBe(200);
  });

  it("refuses another zone's name with 409", async () => {
    const a = await created('accountAdmin', { name: 'Zone A', coordinates: square(10, 10) });
    await created('accountAdmin', { name: 'Zone B', coordinates: square(11, 11) });
    const res = await call('accountAdmin', 'PUT', `/v2/zones/${a.id}`, {
      name: 'zone b',
      coordinates: square(10, 10),
    });
    expect(res.statusCode).toBe(409);
  });

  it('moves a zone to another visible account, and 404s for one outside', async () => {
    const zone = await created('accountAdmin', { name: 'Mover', coordinates: square(30, 30) });
    const pacific = await accountId(api, 'Northwind Maritime – Pacific Fleet');
    const moved = await call('accountAdmin', 'PUT', `/v2/zones/${zone.id}`, {
      name: 'Mover',
      accountId: pacific,
      coordinates: square(30, 30),
    });
    expect(zoneSchema.parse(moved.json()).accountId).toBe(pacific);
    const away = await call('accountAdmin', 'PUT', `/v2/zones/${zone.id}`, {
      name: 'Mover',
      accountId: await accountId(api, 'Terra Logistics'),
      coordinates: square(30, 30),
    });
    expect(away.statusCode).toBe(404);
    expect(away.json<{ message: string }>().message).toBe('Account not found.');
  });

  it("answers 404 for another account's zone and leaves it alone; 403 without the permission", async () => {
    const terraZone = await zoneOf('Terra Logistics');
    const before = zoneSchema.parse(
      (await call('superUser', 'GET', `/v2/zones/${terraZone}`)).json(),
    );
    const body = { name: 'Hijacked', coordinates: square(1, 1) };
    expect((await call('accountAdmin', 'PUT', `/v2/zones/${terraZone}`, body)).statusCode).toBe(
      404,
    );
    expect((await call('accountAdmin', 'PUT', `/v2/zones/${MISSING}`, body)).statusCode).toBe(404);
    expect((await call('salesSupport', 'PUT', `/v2/zones/${terraZone}`, body)).statusCode).toBe(
      403,
    );
    // Not Credentialed's account: 404 before the role is checked.
    expect((await call('credentialed', 'PUT', `/v2/zones/${terraZone}`, body)).statusCode).toBe(
      404,
    );
    const after = zoneSchema.parse(
      (await call('superUser', 'GET', `/v2/zones/${terraZone}`)).json(),
    );
    expect(after).toEqual(before);
  });
});

describe('DELETE /v2/zones/{id}', () => {
  it('deletes a zone of a visible account', async () => {
    const zone = await created('accountAdmin', { name: 'Short-lived', coordinates: square(5, 5) });
    expect((await call('credentialed', 'DELETE', `/v2/zones/${zone.id}`)).statusCode).toBe(403);
    expect((await call('salesSupport', 'DELETE', `/v2/zones/${zone.id}`)).statusCode).toBe(403);
    expect((await call('accountAdmin', 'DELETE', `/v2/zones/${zone.id}`)).statusCode).toBe(204);
    expect((await call('accountAdmin', 'GET', `/v2/zones/${zone.id}`)).statusCode).toBe(404);
    expect((await call('accountAdmin', 'DELETE', `/v2/zones/${zone.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another account's zone and keeps it", async () => {
    const terraZone = await zoneOf('Terra Logistics');
    expect((await call('accountAdmin', 'DELETE', `/v2/zones/${terraZone}`)).statusCode).toBe(404);
    expect(await api.count('select count(*)::int as n from zones where id = $1', [terraZone])).toBe(
      1,
    );
    expect((await call(null, 'DELETE', `/v2/zones/${terraZone}`)).statusCode).toBe(401);
  });
});

describe('zones: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a zone it does not see, 403 to a role that may not change one it does', async () => {
    const terraZone = await zoneOf('Terra Logistics');
    const northwindZone = await zoneOf('Northwind Maritime – Pacific Fleet');
    const body = { name: 'Not written', coordinates: square(2, 2) };
    const get = (id: string) => ({ method: 'GET' as const, url: `/v2/zones/${id}` });
    const put = (id: string) => ({ method: 'PUT' as const, url: `/v2/zones/${id}`, payload: body });
    const remove = (id: string) => ({ method: 'DELETE' as const, url: `/v2/zones/${id}` });
    for (const request of [get, put, remove]) {
      expect(await statusesOf(api, roleKeys, request(MISSING))).toEqual(sameFor(roleKeys, 404));
      expect(await statusesOf(api, ACCOUNT_ROLES, request(terraZone))).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
    }
    const readOnly = roleKeys.filter((r) => !roleCan(r, 'devices.configure'));
    for (const request of [put, remove]) {
      expect(await statusesOf(api, readOnly, request(northwindZone))).toEqual(
        sameFor(readOnly, 403),
      );
    }
    const away = { ...body, accountId: await accountId(api, 'Terra Logistics') };
    expect(
      await statusesOf(api, ACCOUNT_ROLES, { method: 'POST', url: '/v2/zones', payload: away }),
    ).toEqual(sameFor(ACCOUNT_ROLES, 404));
  });
});
