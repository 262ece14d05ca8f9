import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceSchema,
  dhcpResponseSchema,
  isStaffRole,
  MODEL_MANAGED_BY_PRODUCT,
  roleCan,
  roleKeys,
  satelliteNetworkConfigurationSchema,
  type RoleKey,
} from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import {
  ACCOUNT_ROLES,
  MISSING_ID,
  NORTHWIND_TREE,
  sameFor,
  statusesOf,
} from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';
import { createDeviceConfigRepository } from './device-config.repository.js';
import { createDeviceConfigService } from './device-config.service.js';

const api = useApiContext({ fleet: { seed: 17, deviceCount: 80 } });

/** Spec 001 §6 and roles.ts: configuring hardware is for these provider staff roles only. */
const HARDWARE: readonly RoleKey[] = ['superUser', 'providerAdmin', 'productSupport'];
const NOT_HARDWARE = roleKeys.filter((r) => !HARDWARE.includes(r));

let northwind: string;
let other: string;

beforeAll(async () => {
  northwind = (await api.scalar<string>(
    `select id from devices where account_id in (${NORTHWIND_TREE}) and serial is not null order by id limit 1`,
  ))!;
  other = (await api.scalar<string>(
    `select id from devices where account_id not in (${NORTHWIND_TREE}) order by id limit 1`,
  ))!;
});

function call(method: 'POST' | 'PUT', url: string, role: RoleKey | null, payload: unknown) {
  return api.ctx.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: role ? api.as(role) : {},
  });
}

const VALID = {
  eth0IpAddress: '10.40.7.1',
  eth0SubnetMask: '255.255.255.0',
  sat0IpAddress: '172.20.1.5',
  sat0SubnetMask: '255.255.255.252',
  mgmtIpAddress: '192.168.50.10',
  mgmtSubnetMask: '255.255.255.0',
  dhcpGateway: '10.40.7.1',
  dhcpClientIpRangeStart: '10.40.7.2',
  dhcpClientIpRangeEnd: '10.40.7.254',
};

it('grants hardware configuration to exactly Super User, Admin and Product Support', () => {
  expect(roleKeys.filter((r) => roleCan(r, 'devices.hardware'))).toEqual(HARDWARE);
});

describe('POST /v2/devices/networkconfig/dhcp', () => {
  const dhcp = (role: RoleKey | null, body: unknown) =>
    call('POST', '/v2/devices/networkconfig/dhcp', role, body);

  it.each(HARDWARE)('calculates the gateway and range for %s', async (role) => {
    const res = await dhcp(role, {
      id: other,
      eth0IPAddress: '192.168.10.1',
      eth0SubnetMask: '255.255.255.0',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dhcpResponseSchema.parse(res.json())).toEqual({
      dhcpGateway: '192.168.10.1',
      dhcpClientIPRangeStart: '192.168.10.2',
      dhcpClientIPRangeEnd: '192.168.10.254',
    });
  });

  it.each(NOT_HARDWARE)('refuses %s with 403', async (role) => {
    const res = await dhcp(role, {
      id: northwind,
      eth0IPAddress: '10.0.0.1',
      eth0SubnetMask: '255.0.0.0',
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [
      { eth0SubnetMask: '255.255.255.0' },
      'Please enter IP Addresses for "ETH0 IP" and "ETH0 SubnetMask".',
    ],
    [
      { eth0IPAddress: '10.0.0.256', eth0SubnetMask: '255.255.255.0' },
      'Please enter valid values.',
    ],
    [
      { eth0IPAddress: '10.0.0.1', eth0SubnetMask: '255.0.255.0' },
      'The ETH0 Subnet Mask is not a valid subnet mask.',
    ],
    [
      { eth0IPAddress: '10.0.0.0', eth0SubnetMask: '255.255.255.0' },
      'The ETH0 IP is the network or broadcast address of its subnet.',
    ],
  ])('refuses %j with 400 and the rule message', async (body, message) => {
    const res = await dhcp('productSupport', { id: northwind, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('answers 404 for a device that does not exist, 400 for a bad id, 401 without a token', async () => {
    const body = { eth0IPAddress: '10.0.0.1', eth0SubnetMask: '255.255.255.0' };
    expect((await dhcp('superUser', { id: MISSING_ID, ...body })).statusCode).toBe(404);
    expect((await dhcp('superUser', { id: 'nope', ...body })).statusCode).toBe(400);
    expect((await dhcp(null, { id: northwind, ...body })).statusCode).toBe(401);
  });
});

describe('PUT /v2/devices/{id}/networkConfig', () => {
  const save = (role: RoleKey | null, id: string, body: unknown) =>
    call('PUT', `/v2/devices/${id}/networkConfig`, role, body);
  const stored = async (id: string) =>
    deviceSchema.parse(
      (
        await api.ctx.app.inject({
          method: 'GET',
          url: `/v2/devices/${id}`,
          headers: api.as('superUser'),
        })
      ).json(),
    ).satelliteNetworkConfiguration;

  it.each(HARDWARE)('stores a valid configuration for %s and the device shows it', async (role) => {
    const config = { ...VALID, mgmtIpAddress: `192.168.50.${HARDWARE.indexOf(role) + 20}` };
    const res = await save(role, other, config);
    expect(res.statusCode, res.body).toBe(200);
    expect(satelliteNetworkConfigurationSchema.parse(res.json())).toEqual(config);
    expect(await stored(other)).toEqual(config);
  });

  it.each(NOT_HARDWARE)('refuses %s with 403 and keeps the configuration', async (role) => {
    const before = await stored(northwind);
    const res = await save(role, northwind, VALID);
    expect(res.statusCode).toBe(403);
    expect(await stored(northwind)).toEqual(before);
  });

  it.each([
    [
      'an invalid address',
      { ...VALID, sat0IpAddress: '172.20.1' },
      'Please enter a valid IP Address for "SAT0 IP".',
      'sat0IpAddress',
    ],
    [
      'an invalid range start',
      { ...VALID, dhcpClientIpRangeStart: 'ten' },
      'Please enter a valid IP Address for "DCHP Range Start".',
      'dhcpClientIpRangeStart',
    ],
    [
      'no ETH0 fields',
      { mgmtIpAddress: '192.168.50.10' },
      'Please enter valid values for ETH0IpAddress or ETH0Subnetmask.',
      'eth0IpAddress',
    ],
    [
      'a wrong gateway',
      { ...VALID, dhcpGateway: '10.40.7.254' },
      'DHCP Gateway value should be 10.40.7.1.',
      'dhcpGateway',
    ],
    [
      'a DHCP range outside the subnet',
      { ...VALID, dhcpClientIpRangeEnd: '10.40.8.20' },
      'The DHCP range must lie within the ETH0 subnet.',
      'dhcpClientIpRangeEnd',
    ],
    [
      'a range from the network address',
      { ...VALID, dhcpClientIpRangeStart: '10.40.7.0' },
      'The DHCP range must lie within the ETH0 subnet.',
      'dhcpClientIpRangeStart',
    ],
    [
      'a field that is not text',
      { ...VALID, eth0IpAddress: 42 },
      'Address fields must be text.',
      'eth0IpAddress',
    ],
  ])('refuses %s with 400, the message and the field', async (_what, body, message, field) => {
    const before = await stored(other);
    const res = await save('superUser', other, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(res.json<{ field?: string }>().field).toBe(field);
    expect(await stored(other)).toEqual(before);
  });

  it('trims values, and all fields empty removes the configuration', async () => {
    const res = await save('superUser', other, { ...VALID, eth0IpAddress: ' 10.40.7.1 ' });
    expect(res.json<{ eth0IpAddress: string }>().eth0IpAddress).toBe('10.40.7.1');
    const cleared = await save('superUser', other, { eth0IpAddress: '', dhcpGateway: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toBeNull();
    expect(await stored(other)).toBeNull();
    expect(
      await api.scalar('select count(*)::int from device_network_configs where device_id = $1', [
        other,
      ]),
    ).toBe(0);
  });

  it('answers 404 for a missing device and refuses unknown fields', async () => {
    expect((await save('superUser', MISSING_ID, VALID)).statusCode).toBe(404);
    expect((await save('superUser', other, { ...VALID, extra: '1.2.3.4' })).statusCode).toBe(400);
  });
});

describe('device lookups stay inside the caller scope', () => {
  it('answers 404 for a device outside the scope even with the permission', async () => {
    const accountIds = (await api.ctx.database.pool.query<{ id: string }>(NORTHWIND_TREE)).rows.map(
      (r) => r.id,
    );
    const { services } = api.ctx.app;
    // The permission of a Super User with the scope of a Northwind user.
    const authorize: Authorize = async (principal, rule) => ({
      ...(await services.authorize(principal, rule)),
      scope: { all: false, accountIds },
    });
    const service = createDeviceConfigService(createDeviceConfigRepository(api.ctx.database.pool), {
      authorize,
      deviceInScope: services.deviceInScope,
    });
    const principal = {
      userId: 'u',
      accountId: 'a',
      role: 'superUser',
      apiClientId: null,
    } as const;
    await expect(service.saveNetworkConfig(principal, other, VALID)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(service.saveNetworkConfig(principal, northwind, VALID)).resolves.toEqual(VALID);
  });
});

describe('PUT /v2/devices/{id}/components/models', () => {
  const put = (role: RoleKey | null, id: string, body: unknown) =>
    call('PUT', `/v2/devices/${id}/components/models`, role, body);
  /** A device whose product leaves the GeoModem model to each device. */
  let free: string;
  let freeModem: string;
  /** A device whose product presets the GeoModem model. */
  let preset: string;
  let presetModem: { serial: string; model: string };

  beforeAll(async () => {
    free = (await api.scalar<string>(
      `select d.id from devices d join device_products p using (product_code)
        where p.geo_modem_model is null and d.deleted_at is null order by d.id limit 1`,
    ))!;
    freeModem = (await api.scalar<string>(
      `select serial from device_components where device_id = $1 and type = 'GeoModem'`,
      [free],
    ))!;
    preset = (await api.scalar<string>(
      `select d.id from devices d join device_products p using (product_code)
        where p.geo_modem_model is not null and d.deleted_at is null order by d.id limit 1`,
    ))!;
    const { rows } = await api.ctx.database.pool.query<{ serial: string; model: string }>(
      `select serial, model_shortcode as model from device_components where device_id = $1 and type = 'GeoModem'`,
      [preset],
    );
    presetModem = rows[0]!;
  });

  const modelOf = (id: string, serial: string) =>
    api.scalar<string>(
      'select model_shortcode from device_components where device_id = $1 and serial = $2',
      [id, serial],
    );

  it.each(HARDWARE)('sets an editable model for %s and answers the components', async (role) => {
    const model = ['GM-X7', 'GM-IQ200', 'GM-MDM2510'][HARDWARE.indexOf(role)]!;
    const res = await put(role, free, [{ type: 'GeoModem', serial: freeModem, model }]);
    expect(res.statusCode, res.body).toBe(200);
    const components = res.json<{ type: string; serial: string; model: string }[]>();
    expect(components.find((c) => c.serial === freeModem)?.model).toBe(model);
    expect(await modelOf(free, freeModem)).toBe(model);
  });

  it.each(NOT_HARDWARE)('refuses %s with 403 (404 when the device is not theirs)', async (role) => {
    const res = await put(role, free, [{ type: 'GeoModem', serial: freeModem, model: 'GM-X7' }]);
    const theirs =
      isStaffRole(role) ||
      (await api.scalar<boolean>(
        `select account_id in (${NORTHWIND_TREE}) from devices where id = $1`,
        [free],
      ));
    expect(res.statusCode).toBe(theirs ? 403 : 404);
  });

  it('keeps a preset model when it is sent unchanged, refuses a change of it', async () => {
    const same = await put('superUser', preset, [{ type: 'GeoModem', ...presetModem }]);
    expect(same.statusCode, same.body).toBe(200);
    const other = presetModem.model === 'GM-X7' ? 'GM-IQ200' : 'GM-X7';
    const changed = await put('superUser', preset, [
      { type: 'GeoModem', serial: presetModem.serial, model: other },
    ]);
    expect(changed.statusCode).toBe(400);
    expect(changed.json<{ message: string }>().message).toBe(MODEL_MANAGED_BY_PRODUCT);
    expect(await modelOf(preset, presetModem.serial)).toBe(presetModem.model);
  });

  it.each([
    [
      'an unknown model',
      () => [{ type: 'GeoModem', serial: freeModem, model: 'GM-NOPE' }],
      'The model GM-NOPE does not exist.',
    ],
    [
      'a model of another type',
      () => [{ type: 'GeoModem', serial: freeModem, model: 'BUC-8W' }],
      'The model BUC-8W is a BUC model and cannot be assigned to the GeoModem.',
    ],
    [
      'a component of another device',
      () => [{ type: 'GeoModem', serial: 'GM000000000', model: 'GM-X7' }],
      'The device has no GeoModem component with serial GM000000000.',
    ],
    [
      'a component twice',
      () => [
        { type: 'GeoModem', serial: freeModem, model: 'GM-X7' },
        { type: 'GeoModem', serial: freeModem, model: 'GM-X7' },
      ],
      'is listed more than once.',
    ],
    [
      'an unknown component type',
      () => [{ type: 'Radar', serial: freeModem, model: 'GM-X7' }],
      'type',
    ],
    ['an empty list', () => [], 'The components list is empty.'],
  ])('refuses %s with 400', async (_what, body, message) => {
    const before = await modelOf(free, freeModem);
    const res = await put('productSupport', free, body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await modelOf(free, freeModem)).toBe(before);
  });

  it('answers 404 for a missing device', async () => {
    const res = await put('superUser', MISSING_ID, [
      { type: 'GeoModem', serial: 'x', model: null },
    ]);
    expect(res.statusCode).toBe(404);
  });
});

describe('device configuration: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a device it does not see, 403 to a role that may not configure one it does', async () => {
    const save = (id: string) => ({
      method: 'PUT' as const,
      url: `/v2/devices/${id}/networkConfig`,
      payload: VALID,
    });
    const beams = (id: string) => ({
      method: 'GET' as const,
      url: `/v1/provision/networks/remote/${id}`,
    });
    for (const request of [save, beams]) {
      expect(await statusesOf(api, roleKeys, request(MISSING_ID))).toEqual(sameFor(roleKeys, 404));
      expect(await statusesOf(api, ACCOUNT_ROLES, request(other))).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
    }
    expect(await statusesOf(api, NOT_HARDWARE, save(northwind))).toEqual(
      sameFor(NOT_HARDWARE, 403),
    );
  });
});
