import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseModemTypeSchema,
  beamListSchema,
  deviceModelListSchema,
  deviceProductSchema,
  deviceTypeListSchema,
  featureTypeListSchema,
  metricProviderListSchema,
  networkInventoryVisibleSchema,
  nmsTypeListSchema,
  providerMetricsListSchema,
  roleKeys,
  softwareVersionListSchema,
  subscriptionPlansSchema,
  subscriptionProductListSchema,
  type RoleKey,
} from '@aerie/contract';
import type { z } from 'zod';
import * as catalog from '../../simulators/demo-fleet/catalog.js';
import { referenceMessages } from './reference.messages.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 9, deviceCount: 120, accountCount: 10 } });

beforeAll(async () => {
  // A release whose number sorts before 4.8.2 as text but after 4.9.3 as a version.
  await api.ctx.database.pool.query(
    `insert into software_versions (id, version, release_date, minimum_required_version)
     values (100, '4.10.0', '2025-09-01', '4.8.0')`,
  );
});

async function call(role: RoleKey | null, url: string, query: Record<string, string> = {}) {
  return api.ctx.app.inject({
    method: 'GET',
    url,
    query,
    ...(role ? { headers: api.as(role) } : {}),
  });
}
async function ok<T extends z.ZodType>(schema: T, url: string, role: RoleKey = 'credentialed') {
  const res = await call(role, url);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}
async function rows<T>(sql: string): Promise<T[]> {
  return (await api.ctx.database.pool.query<T & Record<string, unknown>>(sql)).rows;
}
async function clearCache(kind: 'device' | 'subscription' | 'remote') {
  const res = await api.ctx.app.inject({
    method: 'POST',
    url: `/v2/admin/cache/${kind}`,
    headers: api.as('superUser'),
  });
  expect(res.statusCode).toBe(200);
}

const routes = [
  '/v3/info/softwareVersions?currentVersion=4.9.0',
  '/v2/info/metricProviders',
  '/v2/info/metrics',
  '/v2/info/antennaFeatures',
  '/v2/info/deviceModels',
  '/v2/info/deviceTypes',
  '/v2/info/products/110-10001-001',
  '/v2/info/subscriptionProducts',
  '/v2/info/subscriptionPlans',
  '/v2/info/nmstypes',
  '/v2/info/beams',
  '/v2/info/basemodemtype/GM-X7',
  '/v2/info/networkinventoryvisible',
];

describe('reference data access', () => {
  it.each(routes)('%s answers every signed-in role and nobody without a token', async (url) => {
    const answers = [];
    for (const role of roleKeys) answers.push((await call(role, url)).statusCode);
    expect(answers).toEqual(roleKeys.map(() => 200));
    expect((await call(null, url)).statusCode).toBe(401);
  });
});

describe('GET /v3/info/softwareVersions', () => {
  const versions = async (currentVersion?: string) =>
    (
      await ok(
        softwareVersionListSchema,
        currentVersion === undefined
          ? '/v3/info/softwareVersions'
          : `/v3/info/softwareVersions?currentVersion=${encodeURIComponent(currentVersion)}`,
      )
    ).map((v) => v.version);

  it('offers the newer releases, oldest first, comparing versions as numbers', async () => {
    expect(await versions('4.9.3')).toEqual(['4.10.0', '5.0.0', '5.1.1', '5.2.0', '5.3.0']);
    expect(await versions('4.10.0')).toEqual(['5.0.0', '5.1.1', '5.2.0', '5.3.0']);
    expect(await versions('5.1')).toEqual(['5.1.1', '5.2.0', '5.3.0']);
    // A version the catalogue does not know still finds the releases after it.
    expect(await versions('4.9.1')).toEqual([
      '4.9.3',
      '4.10.0',
      '5.0.0',
      '5.1.1',
      '5.2.0',
      '5.3.0',
    ]);
  });

  it('answers every field of a release', async () => {
    const [first] = await ok(
      softwareVersionListSchema,
      '/v3/info/softwareVersions?currentVersion=5.0.0',
    );
    expect(first).toEqual({
      id: 5,
      version: '5.1.1',
      releaseDate: '2026-03-02',
      minimumRequiredVersion: '4.9.0',
    });
  });

  it('offers nothing to a device on the latest release or that never checked in', async () => {
    expect(await versions('5.3.0')).toEqual([]);
    expect(await versions('')).toEqual([]);
    expect(await versions()).toEqual([]);
  });

  it('answers 400 with a message for a version that is not dotted numbers', async () => {
    for (const bad of ['latest', '5.1.x', '5..1', '1.2.3.4.5']) {
      const res = await call('superUser', '/v3/info/softwareVersions', { currentVersion: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/dotted numbers/);
    }
  });
});

describe('catalogue lists', () => {
  it('lists metric providers and the metric types of each', async () => {
    const providers = await ok(metricProviderListSchema, '/v2/info/metricProviders');
    expect(providers.map((p) => p.shortcode).sort()).toEqual(
      catalog.metricProviders.map((p) => p.shortcode).sort(),
    );
    const metrics = await ok(providerMetricsListSchema, '/v2/info/metrics');
    for (const { providerShortcode, types } of metrics) {
      const expected = catalog.metricTypes.filter((t) => t.providerShortcode === providerShortcode);
      expect(types.map((t) => t.shortcode).sort()).toEqual(expected.map((t) => t.shortcode).sort());
    }
    const antenna = metrics.find((m) => m.providerShortcode === 'PV_ANTENNA')!;
    expect(antenna.types.find((t) => t.shortcode === 'MT_SPEED')).toEqual({
      shortcode: 'MT_SPEED',
      name: 'Speed',
      description: 'Speed over ground.',
      unit: 'km/h',
    });
  });

  it('lists antenna features with their enabled flag, device types and models', async () => {
    const features = await ok(featureTypeListSchema, '/v2/info/antennaFeatures');
    expect(features).toHaveLength(catalog.featureTypes.length);
    expect(features.find((f) => f.shortcode === 'DIAGPLUS')?.enabled).toBe(false);
    const types = await ok(deviceTypeListSchema, '/v2/info/deviceTypes');
    expect(types).toEqual(catalog.deviceTypes);
    const models = await ok(deviceModelListSchema, '/v2/info/deviceModels');
    expect(models).toHaveLength(catalog.componentModels.length);
    expect(models.find((m) => m.shortcode === 'GM-IQ200')).toEqual({
      shortcode: 'GM-IQ200',
      name: 'iQ 200 satellite modem',
      deviceTypeId: 2,
      componentType: 'GeoModem',
      baseModemType: 'iQ',
    });
    expect(models.find((m) => m.shortcode === 'U8-HAWK')?.baseModemType).toBeNull();
  });

  it('lists the beams and the hub types they run on', async () => {
    const beams = await ok(beamListSchema, '/v2/info/beams');
    expect(beams).toHaveLength(catalog.hubNetworks.length);
    expect(beams.find((b) => b.networkId === 'NET-201')).toEqual({
      networkId: 'NET-201',
      networkName: 'DLG_EUR',
      displayName: 'Europe',
      nmsType: 'DIALOG',
      nmsId: 'NMS-DLG-1',
    });
    expect(await ok(nmsTypeListSchema, '/v2/info/nmstypes')).toEqual([
      'DIALOG',
      'EVOLUTION',
      'NEWTEC',
    ]);
  });
});

describe('GET /v2/info/products/{id}', () => {
  it('answers the device product with its preset models', async () => {
    const product = await ok(deviceProductSchema, '/v2/info/products/130-10003-001');
    expect(product).toEqual({
      productCode: '130-10003-001',
      name: 'GOSHAWK u8 Hybrid',
      family: 'Goshawk',
      antennaModel: 'U8-GOSHAWK',
      geoModemModel: 'GM-MDM2510',
      leoModemModel: 'LM-U1',
      bucModel: 'BUC-20W',
      hybridRouterModel: 'HR-5G',
    });
    const open = await ok(deviceProductSchema, '/v2/info/products/120-10002-002');
    expect(open.geoModemModel).toBeNull();
  });

  it('answers 404 with a message for an unknown product code', async () => {
    const res = await call('superUser', '/v2/info/products/999-99999-999');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(referenceMessages.productNotFound);
  });
});

describe('subscription catalogue', () => {
  it('has a product for every subscription in the fleet', async () => {
    const missing = await rows<{ product_code: string }>(
      `select distinct s.product_code from subscriptions s
        where not exists (select 1 from subscription_products p where p.product_code = s.product_code)`,
    );
    expect(missing).toEqual([]);
    const products = await ok(subscriptionProductListSchema, '/v2/info/subscriptionProducts');
    expect(products).toHaveLength(catalog.dataPackages.length * 2);
    expect(products[0]).toEqual({
      productCode: 'SVC-005-SAT',
      name: 'Satellite 5 GB',
      description: '5 GB of data a month over satellite.',
      dataLimitInGb: 5,
      hasSatellite: true,
      hasCellular: false,
    });
    expect(products.at(-1)).toMatchObject({ productCode: 'SVC-UNL-HYB', dataLimitInGb: 9999 });
  });

  it('lists plans with the metadata lists the subscription forms offer', async () => {
    const body = await ok(subscriptionPlansSchema, '/v2/info/subscriptionPlans');
    expect(body.plans).toHaveLength(catalog.subscriptionPlans.length);
    expect(body.dataPackages.map((p) => p.name)).toEqual(catalog.subscriptionMetadata.dataPackages);
    expect(body.dataPackages.at(-1)).toEqual({ dataLimitInGb: 9999, name: 'Unlimited' });
    const sorted = (list: readonly string[]) => [...list].sort((a, b) => a.localeCompare(b));
    expect(body.regions).toEqual(sorted(catalog.subscriptionMetadata.regions));
    expect(body.mobilityTypes).toEqual(sorted(catalog.subscriptionMetadata.mobilityTypes));
    expect(body.satelliteNetworks).toEqual(sorted(catalog.subscriptionMetadata.satelliteNetworks));
    expect(body.cellularNetworks).toEqual(sorted(catalog.subscriptionMetadata.cellularNetworks));
    const fixed = body.plans.find(
      (p) => p.productCode === 'SVC-050-HYB' && p.region === 'EMEA' && p.mobilityType === 'Fixed',
    );
    expect(fixed).toMatchObject({ satelliteNetwork: 'Dialog', cellularNetwork: 'EU 5G' });
    expect(fixed?.termMonths).toBe(36);
  });
});

describe('GET /v2/info/basemodemtype/{modemType}', () => {
  it('answers the base type of a modem model, whatever the case', async () => {
    expect(await ok(baseModemTypeSchema, '/v2/info/basemodemtype/GM-X7')).toEqual({
      modemType: 'GM-X7',
      baseModemType: 'X7',
    });
    expect(await ok(baseModemTypeSchema, '/v2/info/basemodemtype/gm-mdm2510')).toEqual({
      modemType: 'GM-MDM2510',
      baseModemType: 'MDM',
    });
  });

  it('answers 404 for an unknown model and for a model that is not a modem', async () => {
    for (const url of ['/v2/info/basemodemtype/GM-NOPE', '/v2/info/basemodemtype/U8-HAWK']) {
      const res = await call('accountAdmin', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(referenceMessages.modemTypeNotFound);
    }
  });
});

describe('network inventory setting', () => {
  const put = (role: RoleKey, payload: unknown) =>
    api.ctx.app.inject({
      method: 'PUT',
      url: '/v2/info/networkinventoryvisible',
      headers: api.as(role),
      payload: payload as object,
    });

  it('is shown by default, and only Super User and Admin change it for everyone', async () => {
    const url = '/v2/info/networkinventoryvisible';
    expect(await ok(networkInventoryVisibleSchema, url)).toEqual({ visible: true });
    const statuses = [];
    for (const role of roleKeys) statuses.push((await put(role, { visible: true })).statusCode);
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);

    expect((await put('providerAdmin', { visible: false })).json()).toEqual({ visible: false });
    expect(await ok(networkInventoryVisibleSchema, url, 'credentialed')).toEqual({
      visible: false,
    });
    const stored = await rows<{ value: unknown }>(
      "select value from app_state where key = 'network_inventory_visible'",
    );
    expect(stored[0]?.value).toBe(false);
    await put('superUser', { visible: true });
    expect(await ok(networkInventoryVisibleSchema, url, 'accountAdmin')).toEqual({ visible: true });
  });

  it('answers 400 for a body without a boolean', async () => {
    for (const body of [{}, { visible: 'yes' }, { visible: true, extra: 1 }]) {
      const res = await put('superUser', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('caching', () => {
  it('serves reference data from memory until the cache of its kind is cleared', async () => {
    const url = '/v2/info/antennaFeatures';
    const before = await ok(featureTypeListSchema, url);
    await api.ctx.database.pool.query("update feature_types set name = 'Renamed' where id = 1");
    expect((await ok(featureTypeListSchema, url)).find((f) => f.id === 1)?.name).toBe(
      before.find((f) => f.id === 1)?.name,
    );
    await clearCache('device');
    expect((await ok(featureTypeListSchema, url)).find((f) => f.id === 1)?.name).toBe('Renamed');
  });

  it('keeps subscription data under the subscription kind and beams under remote', async () => {
    await ok(subscriptionProductListSchema, '/v2/info/subscriptionProducts');
    await ok(beamListSchema, '/v2/info/beams');
    await api.ctx.database.pool.query(
      "update subscription_products set name = 'Renamed' where product_code = 'SVC-005-SAT'",
    );
    await api.ctx.database.pool.query(
      "update hub_networks set display_name = 'Renamed' where network_id = 'NET-101'",
    );
    await clearCache('device');
    const product = async () =>
      (await ok(subscriptionProductListSchema, '/v2/info/subscriptionProducts'))[0]?.name;
    const beam = async () =>
      (await ok(beamListSchema, '/v2/info/beams')).find((b) => b.networkId === 'NET-101')
        ?.displayName;
    expect(await product()).toBe('Satellite 5 GB');
    expect(await beam()).toBe('Atlantic Ocean Region West');
    await clearCache('subscription');
    await clearCache('remote');
    expect(await product()).toBe('Renamed');
    expect(await beam()).toBe('Renamed');
  });
});
