import { describe, expect, it } from 'vitest';
import { apiErrorSchema, REQUEST_MAX_DEPTH, type RoleKey } from '@aerie/contract';
import { MISSING_ID } from '../test/fleet-fixtures.js';
import { useApiContext } from '../test/test-app.js';

/**
 * Text PostgreSQL refuses (NUL; a UTF-16 surrogate without its pair, which JSON's escapes can
 * carry) answers 400 naming the field on every route, and so does nesting deeper than any
 * request needs: the guard checks params, query and body before the schemas run
 * (plugins/input-guard.ts). Each of these answered 500 before.
 */
const api = useApiContext({ fleet: { deviceCount: 20, accountCount: 3 } });

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const meta = { screenResolution: '1x1', windowResolution: '1x1', userAgent: 'ua', url: '/' };
const ring = [
  [51, 1],
  [51, 2],
  [52, 2],
];

interface Case {
  name: string;
  role: RoleKey;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (bad: string) => string;
  body?: (bad: string) => unknown;
  field: string;
  /** In the URL only: a URL cannot carry a lone surrogate (encodeURIComponent refuses it). */
  inUrl?: boolean;
}

let deviceId = '';
const cases: Case[] = [
  {
    name: 'feedback text',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/feed/feedback',
    body: (bad) => ({ mood: 'happy', feedback: bad, browserMeta: meta }),
    field: 'feedback',
  },
  {
    name: 'feedback browser metadata',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/feed/feedback',
    body: (bad) => ({ mood: 'meh', feedback: 'ok', browserMeta: { ...meta, url: bad } }),
    field: 'browserMeta.url',
  },
  {
    name: 'a telemetry parameter key',
    role: 'accountAdmin',
    method: 'POST',
    url: () => '/v2/feed/telemetry',
    body: (bad) => ({
      events: [
        {
          timestamp: '2026-11-22T12:00:00.000Z',
          categoryName: 'c',
          eventName: 'e',
          label: null,
          params: { [bad]: 1 },
        },
      ],
      userAgent: 'ua',
      locale: 'en',
    }),
    field: `events.0.params.${'a\ufffdb'}`,
  },
  {
    name: 'a telemetry label',
    role: 'accountAdmin',
    method: 'POST',
    url: () => '/v2/feed/telemetry',
    body: (bad) => ({
      events: [
        {
          timestamp: '2026-11-22T12:00:00.000Z',
          categoryName: 'c',
          eventName: 'e',
          label: bad,
          params: null,
        },
      ],
      userAgent: 'ua',
      locale: 'en',
    }),
    field: 'events.0.label',
  },
  {
    name: 'an error report',
    role: 'salesSupport',
    method: 'POST',
    url: () => '/v2/feed/errors',
    body: (bad) => ({ message: bad, stack: null, url: '/', userAgent: 'ua' }),
    field: 'message',
  },
  {
    name: 'a setting',
    role: 'credentialed',
    method: 'PUT',
    url: () => '/v2/users/settings',
    body: (bad) => ({ defaultStartRoute: bad }),
    field: 'defaultStartRoute',
  },
  {
    name: 'a search history term',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/users/me/searchHistory',
    body: (bad) => ({ term: bad }),
    field: 'term',
  },
  {
    name: 'a recent result',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/users/me/recentResults',
    body: (bad) => ({ type: 'doc', id: '/documents/a.pdf', name: bad }),
    field: 'name',
  },
  {
    name: 'a recent item',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/users/me/recentItems/remote',
    body: (bad) => ({ id: bad, name: 'n' }),
    field: 'id',
  },
  {
    name: 'an API client id',
    role: 'credentialed',
    method: 'POST',
    url: () => '/v2/users/client',
    body: (bad) => ({ clientId: bad, secret: 's' }),
    field: 'clientId',
  },
  {
    name: 'a device name',
    role: 'superUser',
    method: 'PUT',
    url: () => `/v2/devices/${deviceId}`,
    body: (bad) => ({ name: bad }),
    field: 'name',
  },
  {
    name: 'a zone name',
    role: 'superUser',
    method: 'POST',
    url: () => '/v2/zones',
    body: (bad) => ({ name: bad, coordinates: ring }),
    field: 'name',
  },
  {
    name: 'the device list text',
    role: 'superUser',
    method: 'GET',
    url: (bad) => `/v2/devices?query=${encodeURIComponent(bad)}`,
    field: 'query',
    inUrl: true,
  },
  {
    name: 'the subscription list text',
    role: 'superUser',
    method: 'GET',
    url: (bad) => `/v3/subscriptions?query=${encodeURIComponent(bad)}`,
    field: 'query',
    inUrl: true,
  },
  {
    name: 'a network template key',
    role: 'superUser',
    method: 'POST',
    url: () => '/v1/provision/networkTemplate',
    body: (bad) => ({ nmsType: bad, antennaType: 'u8', modemType: 'X7', beamDisplayName: 'b' }),
    field: 'nmsType',
  },
  {
    name: 'a key inside a network template',
    role: 'superUser',
    method: 'POST',
    url: () => '/v1/provision/saveNetworkTemplate',
    body: (bad) => ({
      nmsType: 'EVOLUTION',
      antennaType: 'u8',
      modemType: 'X7',
      beamDisplayName: 'b',
      template: { a: { [bad]: 1 } },
    }),
    field: `template.a.${'a\ufffdb'}`,
  },
  {
    name: 'a software version',
    role: 'superUser',
    method: 'POST',
    url: () => `/v2/devices/${deviceId}/command/updateSoftware`,
    body: (bad) => ({ data: bad }),
    field: 'data',
  },
  {
    name: 'the software catalogue filter',
    role: 'superUser',
    method: 'GET',
    url: (bad) => `/v3/info/softwareVersions?currentVersion=${encodeURIComponent(bad)}`,
    field: 'currentVersion',
    inUrl: true,
  },
];

async function send(c: Case, bad: string) {
  const body = c.body?.(bad);
  return api.ctx.app.inject({
    method: c.method,
    url: c.url(bad),
    headers: { ...api.as(c.role), 'content-type': 'application/json' },
    // Serialized here: JSON.stringify writes a lone surrogate as its \ud800 escape.
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('text PostgreSQL cannot store answers 400 naming the field', () => {
  it('finds a device to address', async () => {
    deviceId = (await api.scalar<string>('select id from devices order by id limit 1'))!;
    expect(deviceId).not.toBe('');
  });

  describe.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE],
  ])('%s', (_what, bad) => {
    const sendable = bad === LONE ? cases.filter((c) => !c.inUrl) : cases;
    it.each(sendable.map((c) => [c.name, c] as const))('in %s', async (_name, c) => {
      const res = await send(c, bad);
      expect(res.statusCode, res.body).toBe(400);
      const error = apiErrorSchema.parse(res.json());
      expect(error.field).toBe(c.field.replace('a\ufffdb', bad === NUL ? 'a\\u0000b' : 'a\ufffdb'));
      expect(error.message).toMatch(/NUL character|valid Unicode/);
    });
  });

  it('is backed by the error handler: the database refuses such text with the codes it maps', async () => {
    const refusal = (sql: string, value: string) =>
      api.ctx.database.pool.query(sql, [value]).then(
        () => null,
        (error: unknown) => error as { code?: string; severity?: string },
      );
    expect(await refusal('select $1::text', NUL)).toMatchObject({
      code: '22021',
      severity: 'ERROR',
    });
    expect(await refusal('select $1::jsonb', JSON.stringify({ k: NUL }))).toMatchObject({
      code: '22P05',
    });
    expect(await refusal('select $1::jsonb', JSON.stringify({ k: LONE }))).toMatchObject({
      code: '22P02',
    });
  });

  it('leaves text with other control characters and emoji alone', async () => {
    const res = await send(cases[0]!, 'tab\there 😀 \u0001');
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('nesting deeper than a request needs answers 400 naming the field', () => {
  function nested(levels: number): Record<string, unknown> {
    let value: Record<string, unknown> = { a: 1 };
    for (let i = 1; i < levels; i++) value = { a: value };
    return value;
  }
  const template = (t: unknown) => ({
    nmsType: 'EVOLUTION',
    antennaType: 'u8',
    modemType: 'X7',
    beamDisplayName: 'b',
    template: t,
  });

  it('refuses a network template nested 5,000 levels deep (it overflowed the stack: 500)', async () => {
    // Written as text: JSON.stringify of such a value would itself overflow the stack.
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const body = JSON.stringify(template('DEEP')).replace('"DEEP"', deep);
    const res = await api.call('superUser', 'POST', '/v1/provision/saveNetworkTemplate', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const error = apiErrorSchema.parse(res.json());
    expect(error.field).toBe('template');
    expect(error.message).toContain(`${REQUEST_MAX_DEPTH} levels`);
  });

  it('refuses a template deeper than its own limit with the schema’s message', async () => {
    const res = await api.call('superUser', 'POST', '/v1/provision/saveNetworkTemplate', {
      body: template(nested(20)),
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = apiErrorSchema.parse(res.json());
    expect(error.field).toBe('template');
    expect(error.message).toContain('The template must not be nested more than 16 levels deep.');
  });

  it('refuses deep nesting in any body, e.g. a recent item', async () => {
    const res = await api.call('credentialed', 'POST', '/v2/users/me/recentItems/remote', {
      body: { id: 'x', name: 'n', extra: nested(100) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorSchema.parse(res.json()).field).toBe('extra');
  });

  it('still answers a device id it does not know with 404', async () => {
    const res = await api.call('superUser', 'GET', `/v2/devices/${MISSING_ID}`);
    expect(res.statusCode).toBe(404);
  });
});
