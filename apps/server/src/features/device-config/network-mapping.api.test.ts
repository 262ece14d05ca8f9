import { beforeAll, describe, expect, it } from 'vitest';
import {
  networkMappingSchema,
  networkTemplateSchema,
  parseHubState,
  roleKeys,
  type RoleKey,
} from '@aerie/contract';
import { demoNetworkTemplates } from '../../simulators/demo-fleet/network-templates.js';
import { MISSING_ID, NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 19, deviceCount: 80 } });

const HARDWARE: readonly RoleKey[] = ['superUser', 'providerAdmin', 'productSupport'];
const NOT_HARDWARE = roleKeys.filter((r) => !HARDWARE.includes(r));
/** Spec 002 §6: the Admin Network tab, which writes templates, is Super User's and the brand Admin's. */
const TEMPLATE_WRITERS: readonly RoleKey[] = ['superUser', 'providerAdmin'];

/** Devices with an active subscription on a hub: one of Northwind, one of another account. */
let northwind: string;
let other: string;
let otherNms: string;

const WITH_HUB = `select d.id from devices d
  join device_subscriptions ds on ds.device_id = d.id and ds.active
  join subscriptions s on s.id = ds.subscription_id and s.nms_id is not null`;

beforeAll(async () => {
  northwind = (await api.scalar<string>(
    `${WITH_HUB} where d.account_id in (${NORTHWIND_TREE}) order by d.id limit 1`,
  ))!;
  other = (await api.scalar<string>(
    `${WITH_HUB} where d.account_id not in (${NORTHWIND_TREE}) order by d.id limit 1`,
  ))!;
  otherNms = (await api.scalar<string>(
    `select s.nms_id from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
      where ds.device_id = $1 and ds.active`,
    [other],
  ))!;
});

const getMapping = (role: RoleKey | null, id: string) =>
  api.ctx.app.inject({
    method: 'GET',
    url: `/v1/provision/networks/remote/${id}`,
    headers: role ? api.as(role) : {},
  });
const post = (url: string, role: RoleKey | null, payload: unknown) =>
  api.ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: role ? api.as(role) : {},
  });
const saveMapping = (role: RoleKey | null, payload: unknown) =>
  post('/v1/provision/networks/remote', role, payload);

async function requiredBeams(id: string): Promise<string[]> {
  const { rows } = await api.ctx.database.pool.query<{ network_id: string }>(
    'select network_id from device_beams where device_id = $1 and is_required order by network_id',
    [id],
  );
  return rows.map((r) => r.network_id);
}

describe('GET /v1/provision/networks/remote/{remoteId}', () => {
  it.each(roleKeys)(
    'lists the beams of the device hub with the required ones for %s',
    async (role) => {
      const res = await getMapping(role, northwind);
      expect(res.statusCode, res.body).toBe(200);
      const mapping = networkMappingSchema.parse(res.json());
      const hubBeams = await api.scalar<number>(
        `select count(*)::int from hub_networks where nms_id = $1`,
        [mapping.nmsId],
      );
      expect(mapping.networks).toHaveLength(hubBeams!);
      expect(mapping.networks.every((n) => n.nmsId === mapping.nmsId)).toBe(true);
      expect(
        mapping.networks
          .filter((n) => n.isRequired)
          .map((n) => n.networkId)
          .sort(),
      ).toEqual(await requiredBeams(northwind));
    },
  );

  it("answers 404 for another account's device as for a missing one", async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const outside = await getMapping(role, other);
      expect(outside.statusCode, role).toBe(404);
      expect(outside.json()).toEqual((await getMapping(role, MISSING_ID)).json());
    }
    expect((await getMapping('superUser', 'not-a-uuid')).statusCode).toBe(400);
    expect((await getMapping(null, northwind)).statusCode).toBe(401);
  });

  it('shows no beams for a device without a hub', async () => {
    const none = await api.scalar<string>(
      `select d.id from devices d where not exists (select 1 from device_beams b where b.device_id = d.id)
        and not exists (select 1 from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
                         where ds.device_id = d.id and ds.active and s.nms_id is not null)
        limit 1`,
    );
    expect(none).not.toBeNull();
    const mapping = networkMappingSchema.parse((await getMapping('superUser', none!)).json());
    expect(mapping).toMatchObject({ nmsId: null, networks: [] });
  });
});

describe('POST /v1/provision/networks/remote', () => {
  let beams: string[];
  beforeAll(async () => {
    const { rows } = await api.ctx.database.pool.query<{ network_id: string }>(
      'select network_id from hub_networks where nms_id = $1 order by network_id',
      [otherNms],
    );
    beams = rows.map((r) => r.network_id);
    expect(beams.length).toBeGreaterThan(1);
  });

  it.each(HARDWARE)('makes the sent beams the required ones for %s', async (role) => {
    const wanted = HARDWARE.indexOf(role) === 1 ? beams.slice(0, 2) : beams.slice(-1);
    const res = await saveMapping(role, { nmsId: otherNms, remoteId: other, networkIds: wanted });
    expect(res.statusCode, res.body).toBe(200);
    const mapping = networkMappingSchema.parse(res.json());
    expect(
      mapping.networks
        .filter((n) => n.isRequired)
        .map((n) => n.networkId)
        .sort(),
    ).toEqual([...wanted].sort());
    expect(await requiredBeams(other)).toEqual([...wanted].sort());
  });

  it('shows the new required beams in the hub state', async () => {
    await saveMapping('superUser', { nmsId: otherNms, remoteId: other, networkIds: [beams[0]] });
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: `/v2/devices/${other}/hubState`,
      headers: api.as('superUser'),
    });
    const state = parseHubState('Aerie', res.json());
    expect(state.beams.filter((b) => b.isRequired).map((b) => b.networkId)).toEqual([beams[0]]);
  });

  it.each(NOT_HARDWARE)('refuses %s with 403 and keeps the beams', async (role) => {
    const before = await requiredBeams(northwind);
    const nmsId = await api.scalar<string>(
      `select s.nms_id from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
        where ds.device_id = $1 and ds.active`,
      [northwind],
    );
    const res = await saveMapping(role, { nmsId, remoteId: northwind, networkIds: [] });
    expect(res.statusCode).toBe(403);
    expect(await requiredBeams(northwind)).toEqual(before);
  });

  it.each([
    ['no beam', () => ({ networkIds: [] }), 'At least one beam must be required.'],
    ['an unknown beam', () => ({ networkIds: ['NET-999'] }), 'The beam NET-999 does not exist.'],
    [
      'a beam of another hub',
      () => ({ networkIds: ['NET-999'.replace('999', otherNms === 'NMS-EVO-1' ? '201' : '101')] }),
      'is not a beam of',
    ],
    ['a beam twice', () => ({ networkIds: [beams[0], beams[0]] }), 'is listed more than once.'],
    [
      'another hub',
      () => ({ nmsId: 'NMS-XYZ', networkIds: [beams[0]] }),
      'The device is served by',
    ],
    ['beams that are not a list', () => ({ networkIds: 'NET-101' }), 'networkIds'],
  ])('refuses %s with 400 and a message', async (_what, body, message) => {
    const before = await requiredBeams(other);
    const res = await saveMapping('productSupport', {
      nmsId: otherNms,
      remoteId: other,
      ...body(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await requiredBeams(other)).toEqual(before);
  });

  it('answers 404 for a missing device', async () => {
    const res = await saveMapping('superUser', {
      nmsId: otherNms,
      remoteId: MISSING_ID,
      networkIds: [beams[0]],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('network templates', () => {
  const seeded = demoNetworkTemplates()[0]!;
  const key = {
    nmsType: seeded.nmsType,
    antennaType: seeded.antennaType,
    modemType: seeded.modemType,
    beamDisplayName: seeded.beamDisplayName,
  };
  const load = (role: RoleKey | null, body: unknown) =>
    post('/v1/provision/networkTemplate', role, body);
  const save = (role: RoleKey | null, body: unknown) =>
    post('/v1/provision/saveNetworkTemplate', role, body);

  it('seeds the demo templates', async () => {
    expect(await api.scalar<number>('select count(*)::int from network_templates')).toBe(
      demoNetworkTemplates().length,
    );
  });

  it.each(HARDWARE)(
    'loads a template for %s, matching the key case-insensitively',
    async (role) => {
      const res = await load(role, { ...key, beamDisplayName: key.beamDisplayName.toUpperCase() });
      expect(res.statusCode, res.body).toBe(200);
      const template = networkTemplateSchema.parse(res.json());
      expect(template).toMatchObject({ ...key, template: seeded.template });
    },
  );

  it.each(NOT_HARDWARE)('refuses %s with 403', async (role) => {
    expect((await load(role, key)).statusCode).toBe(403);
    expect((await save(role, { ...key, template: { a: 1 } })).statusCode).toBe(403);
  });

  it('lets only the Admin Network tab roles write a template (Product Support loads, 403 on save)', async () => {
    const writers: RoleKey[] = [];
    for (const role of roleKeys) {
      const res = await save(role, { ...key, template: seeded.template });
      if (res.statusCode === 200) writers.push(role);
      else expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    expect(writers).toEqual(TEMPLATE_WRITERS);
    expect((await load('productSupport', key)).statusCode).toBe(200);
  });

  it("answers 404 with the spec's text when there is no template", async () => {
    const res = await load('productSupport', { ...key, modemType: 'MDM', nmsType: 'NEWTEC' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('The specified template does not exist.');
  });

  it('refuses an antenna type other than u8 or u7', async () => {
    const res = await load('superUser', { ...key, antennaType: 'u9' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('The antenna type must be u8 or u7.');
  });

  it('writes a template under the installation spelling of its key and loads it back', async () => {
    const body = {
      nmsType: 'newtec',
      antennaType: 'u7',
      modemType: 'mdm',
      beamDisplayName: 'asia pacific',
      template: { downstream: { centerFrequencyMHz: 12_300 } },
    };
    const res = await save('providerAdmin', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(networkTemplateSchema.parse(res.json())).toMatchObject({
      nmsType: 'NEWTEC',
      modemType: 'MDM',
      beamDisplayName: 'Asia Pacific',
      template: body.template,
    });
    const again = await load('superUser', { ...body, template: undefined });
    expect(again.statusCode).toBe(200);
    const replaced = await save('superUser', { ...body, template: { txEnabled: false } });
    expect(replaced.json<{ template: unknown }>().template).toEqual({ txEnabled: false });
  });

  it.each([
    ['an unknown NMS type', { nmsType: 'IRIDIUM' }, 'The NMS type IRIDIUM does not exist.'],
    [
      'a beam of another hub',
      { beamDisplayName: 'Asia Pacific' },
      'has no beam named Asia Pacific.',
    ],
    ['an unknown modem type', { modemType: 'ZX' }, 'The modem type ZX does not exist.'],
    [
      'a template that is not an object',
      { template: [1, 2] },
      'The template must be a JSON object.',
    ],
    ['an empty template', { template: {} }, 'The template must not be empty.'],
    [
      'a template too large',
      { template: { blob: 'x'.repeat(40_000) } },
      'The template must be at most 32768 characters of JSON.',
    ],
  ])('refuses %s with 400', async (_what, change, message) => {
    const res = await save('superUser', { ...key, template: { a: 1 }, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});
