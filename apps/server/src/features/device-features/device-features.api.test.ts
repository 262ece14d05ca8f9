import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import {
  deviceFeaturesResultSchema,
  featureCertificateKeySetSchema,
  roleCan,
  roleKeys,
  type RoleKey,
} from '@aerie/contract';
import { readOptionsFile, validateOptionsFile } from '@aerie/options-file';
import { useApiContext } from '../../test/test-app.js';
import {
  ACCOUNT_ROLES,
  MISSING_ID,
  NORTHWIND_TREE,
  sameFor,
  statusesOf,
} from '../../test/fleet-fixtures.js';
import { unzip } from '../../test/unzip.js';
import { devicePublicJwk, FEATURE_CERTIFICATE_TYPE } from './feature-certificate.js';

const api = useApiContext();

/** A device with a public key, an antenna and a GeoModem serial. */
const KEYED = `select d.id from devices d
  where d.public_key is not null and d.deleted_at is null
    and exists (select 1 from device_components c where c.device_id = d.id and c.type = 'Antenna')
    and exists (select 1 from device_components c where c.device_id = d.id and c.type = 'GeoModem')`;

let northwindKeyed: string;
let otherKeyed: string;
let unkeyed: string;
let noAntenna: string;

beforeAll(async () => {
  northwindKeyed = (await api.scalar<string>(
    `${KEYED} and d.account_id in (${NORTHWIND_TREE}) order by d.id limit 1`,
  ))!;
  otherKeyed = (await api.scalar<string>(
    `${KEYED} and d.account_id not in (${NORTHWIND_TREE}) order by d.id limit 1`,
  ))!;
  unkeyed = (await api.scalar<string>(
    'select id from devices where public_key is null and serial is not null order by id limit 1',
  ))!;
  // A device whose antenna was taken out (raw test3 devices have no components at all).
  noAntenna = (await api.scalar<string>(
    `${KEYED} and d.id not in ($1, $2) order by d.id desc limit 1`,
    [northwindKeyed, otherKeyed],
  ))!;
  await api.ctx.database.pool.query(
    "delete from device_components where device_id = $1 and type = 'Antenna'",
    [noAntenna],
  );
  expect([northwindKeyed, otherKeyed, unkeyed, noAntenna].every(Boolean)).toBe(true);
});

function call(method: 'GET' | 'POST', url: string, role: RoleKey | null, payload?: unknown) {
  return api.ctx.app.inject({
    method,
    url,
    headers: role ? api.as(role) : {},
    ...(payload === undefined ? {} : { payload: payload as string[] }),
  });
}
const saveFeatures = (role: RoleKey | null, id: string, body: unknown) =>
  call('POST', `/v2/devices/${id}/features`, role, body);
const certificate = (role: RoleKey | null, id: string) =>
  call('GET', `/v2/devices/${id}/featureCertificate`, role);
const optionsFiles = (role: RoleKey | null, id: string) =>
  call('GET', `/v2/devices/${id}/downloadOptionsFiles`, role);

async function storedFeatures(id: string): Promise<string[]> {
  return (await api.scalar<string[]>('select features from devices where id = $1', [id]))!;
}

async function verifyCertificate(token: string) {
  const res = await call('GET', '/v2/info/featureCertificateKeys', 'credentialed');
  expect(res.statusCode).toBe(200);
  const keys = featureCertificateKeySetSchema.parse(res.json());
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(keys), {
    issuer: api.ctx.config.publicUrl,
    typ: FEATURE_CERTIFICATE_TYPE,
    algorithms: ['EdDSA'],
  });
  expect(protectedHeader.kid).toBe(keys.keys[0]!.kid);
  return payload;
}

const MAY_SAVE: readonly RoleKey[] = ['superUser', 'providerAdmin', 'productSupport'];
const MAY_DOWNLOAD_OPTIONS: readonly RoleKey[] = [
  'superUser',
  'providerAdmin',
  'productSupport',
  'accountAdmin',
  'credentialed',
];

describe('POST /v2/devices/{id}/features', () => {
  it('grants saving features to exactly Super User, Provider Admin and Product Support', () => {
    expect(roleKeys.filter((r) => roleCan(r, 'devices.features'))).toEqual(MAY_SAVE);
  });

  it.each(MAY_SAVE)(
    'lets %s save features in catalogue order, once each, with a signed certificate',
    async (role) => {
      const res = await saveFeatures(role, northwindKeyed, ['GEOFENCE', 'AES256', 'AES256']);
      expect(res.statusCode, res.body).toBe(200);
      const result = deviceFeaturesResultSchema.parse(res.json());
      expect(result.features).toEqual(['AES256', 'GEOFENCE']);
      expect(await storedFeatures(northwindKeyed)).toEqual(['AES256', 'GEOFENCE']);
      const publicKey = await api.scalar<string>('select public_key from devices where id = $1', [
        northwindKeyed,
      ]);
      expect(result.publicKey).toBe(publicKey);
      expect(result.certificate).toMatchObject({ features: ['AES256', 'GEOFENCE'] });
    },
  );

  it.each(['salesSupport', 'accountAdmin', 'credentialed'] as const)(
    'refuses %s with 403 and changes nothing',
    async (role) => {
      const before = await storedFeatures(northwindKeyed);
      const res = await saveFeatures(role, northwindKeyed, ['TRANSEC']);
      expect(res.statusCode).toBe(403);
      expect(await storedFeatures(northwindKeyed)).toEqual(before);
    },
  );

  it('answers 401 without a token and 404 for a device that does not exist', async () => {
    expect((await saveFeatures(null, northwindKeyed, [])).statusCode).toBe(401);
    const res = await saveFeatures('superUser', MISSING_ID, []);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Device not found.' });
  });

  it.each([
    ['an unknown feature', ['AES256', 'WARP'], 'Unknown feature "WARP".'],
    ['a disabled feature', ['DIAGPLUS'], 'The feature "DIAGPLUS" is not available.'],
    ['an object instead of a list', { features: ['AES256'] }, 'list of feature shortcodes'],
    ['a number in the list', [42], 'Each feature must be a shortcode.'],
    ['a shortcode with spaces', ['AES 256'], 'letters, digits'],
    ['65 features', Array.from({ length: 65 }, () => 'AES256'), 'At most 64 features'],
  ])('refuses %s with 400 and keeps the features', async (_name, body, message) => {
    const before = await storedFeatures(northwindKeyed);
    const res = await saveFeatures('superUser', northwindKeyed, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await storedFeatures(northwindKeyed)).toEqual(before);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    expect((await saveFeatures('superUser', 'abc', [])).statusCode).toBe(400);
  });

  it('saves the features of a device without a public key and issues no certificate', async () => {
    const res = await saveFeatures('productSupport', unkeyed, ['HITP']);
    expect(res.statusCode, res.body).toBe(200);
    expect(deviceFeaturesResultSchema.parse(res.json())).toEqual({
      features: ['HITP'],
      publicKey: null,
      certificate: null,
    });
    expect(await storedFeatures(unkeyed)).toEqual(['HITP']);
  });

  it('accepts an empty list: the device has no features left', async () => {
    const res = await saveFeatures('superUser', northwindKeyed, []);
    expect(res.statusCode).toBe(200);
    expect(await storedFeatures(northwindKeyed)).toEqual([]);
  });
});

describe('GET /v2/devices/{id}/featureCertificate', () => {
  it('answers the signed certificate of the saved features, bound to the device key', async () => {
    await saveFeatures('superUser', northwindKeyed, ['AES256', 'TRANSEC']);
    const res = await certificate('credentialed', northwindKeyed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jwt/);
    const geoModem = await api.scalar<string>(
      "select serial from device_components where device_id = $1 and type = 'GeoModem'",
      [northwindKeyed],
    );
    expect(res.headers['content-disposition']).toContain(
      `filename="${geoModem}-featureCertificate.jwt"`,
    );
    const claims = await verifyCertificate(res.body);
    const device = (
      await api.ctx.database.pool.query<{ serial: string; public_key: string }>(
        'select serial, public_key from devices where id = $1',
        [northwindKeyed],
      )
    ).rows[0]!;
    expect(claims).toMatchObject({
      sub: northwindKeyed,
      ver: 1,
      serial: device.serial,
      features: ['AES256', 'TRANSEC'],
      cnf: { jwk: devicePublicJwk(device.public_key) },
    });
    expect(decodeProtectedHeader(res.body).alg).toBe('EdDSA');
  });

  it('answers the same certificate until the features change', async () => {
    const first = (await certificate('superUser', northwindKeyed)).body;
    expect((await certificate('superUser', northwindKeyed)).body).toBe(first);
    await saveFeatures('superUser', northwindKeyed, ['LEOFAIL']);
    const next = (await certificate('superUser', northwindKeyed)).body;
    expect(next).not.toBe(first);
    expect((await verifyCertificate(next))['features']).toEqual(['LEOFAIL']);
    // Kept as the device's one stored certificate, with what it binds.
    const stored = await api.ctx.database.pool.query<{ token: string; features: string[] }>(
      'select token, features from device_feature_certificates where device_id = $1',
      [northwindKeyed],
    );
    expect(stored.rows).toEqual([{ token: next, features: ['LEOFAIL'] }]);
  });

  it("issues a new certificate when the device's key changed since", async () => {
    const before = (await certificate('superUser', northwindKeyed)).body;
    const newKey = `MCowBQYDK2VwAyEA${Buffer.alloc(32, 7).toString('base64')}`;
    await api.ctx.database.pool.query('update devices set public_key = $2 where id = $1', [
      northwindKeyed,
      newKey,
    ]);
    const after = (await certificate('superUser', northwindKeyed)).body;
    expect(after).not.toBe(before);
    expect((await verifyCertificate(after))['cnf']).toEqual({ jwk: devicePublicJwk(newKey) });
  });

  it('says the certificate is not available for a device without a public key', async () => {
    const res = await certificate('superUser', unkeyed);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Certificate is not available for this device.' });
  });

  it('answers 409 for a public key that is not an Ed25519 key', async () => {
    const id = (await api.scalar<string>(
      `${KEYED} and d.id not in ($1, $2) order by d.id limit 1`,
      [northwindKeyed, otherKeyed],
    ))!;
    await api.ctx.database.pool.query(
      "update devices set public_key = 'bm90IGEga2V5' where id = $1",
      [id],
    );
    const res = await certificate('superUser', id);
    expect(res.statusCode).toBe(409);
  });

  it("answers 404 for another account's device and 401 without a token", async () => {
    expect((await certificate('accountAdmin', otherKeyed)).statusCode).toBe(404);
    expect((await certificate('credentialed', otherKeyed)).statusCode).toBe(404);
    expect((await certificate(null, northwindKeyed)).statusCode).toBe(401);
  });
});

describe('GET /v2/devices/{id}/downloadOptionsFiles', () => {
  it('grants the download to the Edit Name roles of spec 001 §6', () => {
    expect(roleKeys.filter((r) => roleCan(r, 'devices.optionsfile'))).toEqual(MAY_DOWNLOAD_OPTIONS);
  });

  it.each(MAY_DOWNLOAD_OPTIONS)(
    "gives %s a zip named after the GeoModem serial with each antenna's options file",
    async (role) => {
      await saveFeatures('superUser', northwindKeyed, ['AES256', 'HITP']);
      const res = await optionsFiles(role, northwindKeyed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const geoModem = await api.scalar<string>(
        "select serial from device_components where device_id = $1 and type = 'GeoModem'",
        [northwindKeyed],
      );
      expect(res.headers['content-disposition']).toContain(
        `filename="${geoModem}-optionsFile.zip"`,
      );
      const antennas = (
        await api.ctx.database.pool.query<{ serial: string }>(
          "select serial from device_components where device_id = $1 and type = 'Antenna' order by serial",
          [northwindKeyed],
        )
      ).rows.map((r) => r.serial);
      const files = await unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual(antennas.map((s) => `${s}.opt`));
      for (const [name, bytes] of files) {
        const { content, validation } = readOptionsFile(bytes);
        expect(validation.isValid, `${name}: ${JSON.stringify(validation)}`).toBe(true);
        expect(content).toMatchObject({
          antennaSerial: name.replace(/\.opt$/, ''),
          deviceId: northwindKeyed,
          modemSerial: geoModem,
          issuedBy: 'Aerie',
        });
        const enabled = content!.features.filter((f) => f.enabled).map((f) => f.shortcode);
        expect(enabled).toEqual(['AES256', 'HITP']);
        expect(content!.features.map((f) => f.shortcode)).not.toContain('DIAGPLUS');
      }
    },
  );

  it('names the zip after the device when it has no GeoModem serial', async () => {
    await api.ctx.database.pool.query(
      "delete from device_components where device_id = $1 and type = 'GeoModem'",
      [otherKeyed],
    );
    await api.ctx.database.pool.query(`update devices set name = $2 where id = $1`, [
      otherKeyed,
      'Ship "Ålesund"',
    ]);
    const res = await optionsFiles('superUser', otherKeyed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ship __lesund_-optionsFile.zip"; filename*=UTF-8''${encodeURIComponent('Ship "Ålesund"-optionsFile.zip')}`,
    );
    const files = await unzip(res.rawPayload);
    for (const bytes of files.values()) expect(validateOptionsFile(bytes).isValid).toBe(true);
  });

  it('answers 409 with a reason for a device without an antenna', async () => {
    const res = await optionsFiles('superUser', noAntenna);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This device has no antenna with a serial: there is no options file to download.',
    });
  });

  it('refuses Sales Support with 403, another account with 404, no token with 401', async () => {
    expect((await optionsFiles('salesSupport', northwindKeyed)).statusCode).toBe(403);
    expect((await optionsFiles('credentialed', otherKeyed)).statusCode).toBe(404);
    expect((await optionsFiles('accountAdmin', otherKeyed)).statusCode).toBe(404);
    expect((await optionsFiles('superUser', MISSING_ID)).statusCode).toBe(404);
    expect((await optionsFiles(null, northwindKeyed)).statusCode).toBe(401);
  });
});

describe('device features: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a device it does not see, 403 to a role without the permission', async () => {
    const save = (id: string) => ({
      method: 'POST' as const,
      url: `/v2/devices/${id}/features`,
      payload: [],
    });
    const options = (id: string) => ({
      method: 'GET' as const,
      url: `/v2/devices/${id}/downloadOptionsFiles`,
    });
    for (const request of [save, options]) {
      expect(await statusesOf(api, roleKeys, request(MISSING_ID))).toEqual(sameFor(roleKeys, 404));
      expect(await statusesOf(api, ACCOUNT_ROLES, request(otherKeyed))).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
    }
    const cannotSave = roleKeys.filter((r) => !roleCan(r, 'devices.features'));
    expect(await statusesOf(api, cannotSave, save(northwindKeyed))).toEqual(
      sameFor(cannotSave, 403),
    );
    const cannotDownload = roleKeys.filter((r) => !roleCan(r, 'devices.optionsfile'));
    expect(await statusesOf(api, cannotDownload, options(northwindKeyed))).toEqual(
      sameFor(cannotDownload, 403),
    );
  });
});
