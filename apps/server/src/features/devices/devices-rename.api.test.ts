import { beforeAll, describe, expect, it } from 'vitest';
import { deviceSchema, roleCan, roleKeys, type RoleKey } from '@aerie/contract';
import { ACCOUNT_ROLES, MISSING_ID, sameFor, statusesOf } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 11 } });
const NORTHWIND = `select id from accounts where name like 'Northwind Maritime%'`;
let northwindDevice: string;
let otherDevice: string;

beforeAll(async () => {
  northwindDevice = (await api.scalar<string>(
    `select id from devices where account_id in (${NORTHWIND}) order by id limit 1`,
  ))!;
  otherDevice = (await api.scalar<string>(
    `select id from devices where account_id not in (${NORTHWIND}) order by id limit 1`,
  ))!;
});

function rename(role: RoleKey | null, id: string, body: unknown) {
  return api.ctx.app.inject({
    method: 'PUT',
    url: `/v2/devices/${id}`,
    payload: body as Record<string, unknown>,
    headers: role ? api.as(role) : {},
  });
}

async function storedName(id: string): Promise<string | null> {
  return api.scalar<string>('select name from devices where id = $1', [id]);
}

/** Spec 001 §6 "Edit Name": every role but Sales Support. */
const MAY_RENAME: readonly RoleKey[] = [
  'superUser',
  'providerAdmin',
  'productSupport',
  'accountAdmin',
  'credentialed',
];

describe('PUT /v2/devices/{id}', () => {
  it.each(MAY_RENAME)('lets %s rename a device it sees and answers the device', async (role) => {
    const name = `Renamed by ${role}`;
    const res = await rename(role, northwindDevice, { name });
    expect(res.statusCode, res.body).toBe(200);
    const device = deviceSchema.parse(res.json());
    expect(device.id).toBe(northwindDevice);
    expect(device.name).toBe(name);
    expect(await storedName(northwindDevice)).toBe(name);
  });

  it('refuses Sales Support with 403 and leaves the name alone', async () => {
    const before = await storedName(northwindDevice);
    const res = await rename('salesSupport', northwindDevice, { name: 'Not allowed' });
    expect(res.statusCode).toBe(403);
    expect(await storedName(northwindDevice)).toBe(before);
  });

  it('grants renaming to exactly the roles of spec 001 §6', () => {
    expect(roleKeys.filter((role) => roleCan(role, 'devices.rename'))).toEqual(MAY_RENAME);
  });

  it('trims the name before storing it', async () => {
    const res = await rename('superUser', northwindDevice, { name: '   Vessel Aurora  ' });
    expect(res.statusCode).toBe(200);
    expect(deviceSchema.parse(res.json()).name).toBe('Vessel Aurora');
    expect(await storedName(northwindDevice)).toBe('Vessel Aurora');
  });

  it('accepts exactly 100 characters', async () => {
    const name = 'n'.repeat(100);
    const res = await rename('superUser', northwindDevice, { name });
    expect(res.statusCode).toBe(200);
    expect(await storedName(northwindDevice)).toBe(name);
  });

  it.each([
    ['an empty name', { name: '' }, 'The device name is required.'],
    ['a name of spaces only', { name: '    ' }, 'The device name is required.'],
    ['a missing name', {}, 'The device name is required.'],
    ['a name that is not text', { name: 42 }, 'The device name must be text.'],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      'The device name must be at most 100 characters.',
    ],
    [
      'a name with control characters',
      { name: 'line\nbreak' },
      'The device name must not contain control characters.',
    ],
  ])('refuses %s with 400 and a message', async (_what, body, message) => {
    const before = await storedName(northwindDevice);
    const res = await rename('superUser', northwindDevice, body);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<{ message: string; field: string }>();
    expect(error.message).toContain(message);
    expect(error.field).toBe('name');
    expect(await storedName(northwindDevice)).toBe(before);
  });

  it("answers 404 for another account's device, as for one that does not exist", async () => {
    const before = await storedName(otherDevice);
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const outside = await rename(role, otherDevice, { name: 'Hijacked' });
      expect(outside.statusCode, role).toBe(404);
      const missing = await rename(role, '00000000-0000-4000-8000-000000000000', {
        name: 'Nobody',
      });
      expect(missing.statusCode, role).toBe(404);
      expect(outside.json()).toEqual(missing.json());
    }
    expect(await storedName(otherDevice)).toBe(before);
  });

  it('lets provider staff rename a device of any account', async () => {
    const res = await rename('productSupport', otherDevice, { name: 'Staff rename' });
    expect(res.statusCode).toBe(200);
    expect(await storedName(otherDevice)).toBe('Staff rename');
  });

  it('answers 404 for a deleted device', async () => {
    const { rows } = await api.ctx.database.pool.query<{ id: string }>(
      `insert into devices (account_id, name, deleted_at)
       select id, 'deleted unit', now() from accounts where name = 'Northwind Maritime' returning id`,
    );
    const res = await rename('superUser', rows[0]!.id, { name: 'Back again' });
    expect(res.statusCode).toBe(404);
    expect(await storedName(rows[0]!.id)).toBe('deleted unit');
  });

  it('answers 400 for an id that is not a UUID, 401 without a token', async () => {
    const bad = await rename('superUser', 'not-an-id', { name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('id');
    expect((await rename(null, northwindDevice, { name: 'x' })).statusCode).toBe(401);
  });

  it('shows the new name in the list and the detail', async () => {
    await rename('accountAdmin', northwindDevice, { name: 'Listed Again' });
    const detail = await api.ctx.app.inject({
      method: 'GET',
      url: `/v2/devices/${northwindDevice}`,
      headers: api.as('credentialed'),
    });
    expect(deviceSchema.parse(detail.json()).name).toBe('Listed Again');
    const list = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/devices',
      query: { query: 'Listed Again', fields: 'Id,Name' },
      headers: api.as('credentialed'),
    });
    expect(list.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(
      northwindDevice,
    );
  });
});

describe('devices: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a device it does not see, 403 to Sales Support for one it does', async () => {
    const put = (id: string) => ({
      method: 'PUT' as const,
      url: `/v2/devices/${id}`,
      payload: { name: 'Not renamed' },
    });
    const get = (id: string) => ({ method: 'GET' as const, url: `/v2/devices/${id}` });
    const before = await storedName(otherDevice);
    for (const request of [put, get]) {
      expect(await statusesOf(api, roleKeys, request(MISSING_ID))).toEqual(sameFor(roleKeys, 404));
      expect(await statusesOf(api, ACCOUNT_ROLES, request(otherDevice))).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
    }
    expect(await statusesOf(api, ['salesSupport'], put(northwindDevice))).toEqual({
      salesSupport: 403,
    });
    expect(await storedName(otherDevice)).toBe(before);
  });
});
