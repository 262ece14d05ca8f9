import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allEndpoints, routerPath } from '@aerie/contract';
import { useApiContext } from './test/test-app.js';

/**
 * The route table: every route Fastify registered comes from a contract endpoint, and every
 * contract endpoint is registered (docs/decisions/020-api-contract.md). The OpenID Connect
 * provider's own routes are a protocol described by its discovery document, not the API.
 */
const api = useApiContext({ fleet: false });

const isProtocolRoute = (url: string) =>
  url === '/auth' || url.startsWith('/auth/') || url === '/connect/token';

/**
 * Routes registered before the move to contract endpoints; each is moved and taken off this
 * list. It only shrinks: the test fails if an entry is no longer registered without a contract.
 */
const NOT_YET_IN_CONTRACT = new Set<string>([
  'GET /status',
  'GET /health',
  'GET /health/maintenance',
  'PUT /health/maintenance',
  'GET /config.json',
  'GET /v2/users/me',
  'PUT /v2/users/settings',
  'GET /v2/users/client',
  'POST /v2/users/client',
  'DELETE /v2/users/client/:clientId',
  'GET /v2/accounts',
  'GET /v2/accounts/sharedWith',
  'GET /v1/notifications',
  'PUT /v1/notifications',
  'DELETE /v1/notifications',
  'POST /v1/notifications/test',
  'GET /live/notifications',
  'POST /v2/feed/feedback',
  'GET /v2/feed/feedback',
  'POST /v2/feed/telemetry',
  'POST /v2/feed/errors',
  'POST /v2/admin/cache/:kind',
  'GET /v2/users/me/searchHistory',
  'POST /v2/users/me/searchHistory',
  'GET /v2/users/me/recentResults',
  'POST /v2/users/me/recentResults',
  'GET /v2/users/me/recentItems/:kind',
  'POST /v2/users/me/recentItems/:kind',
  'GET /v2/zones',
  'GET /v2/zones/:id',
  'POST /v2/zones',
  'PUT /v2/zones/:id',
  'DELETE /v2/zones/:id',
  'GET /v3/subscriptions',
  'POST /v3/subscriptions',
  'GET /v3/subscriptions/:id',
  'GET /v3/subscriptions/:id/usage',
  'GET /v3/subscriptions/:id/devices',
  'GET /v2.1/subscriptions',
  'GET /v2.1/subscriptions/:id',
  'GET /v2.1/subscriptions/account/:accountId',
  'GET /v2/info/metricProviders',
  'GET /v2/info/metrics',
  'GET /v2/info/antennaFeatures',
  'GET /v2/info/deviceModels',
  'GET /v2/info/deviceTypes',
  'GET /v2/info/subscriptionProducts',
  'GET /v2/info/subscriptionPlans',
  'GET /v2/info/nmstypes',
  'GET /v2/info/beams',
  'GET /v2/info/networkinventoryvisible',
  'GET /v3/info/softwareVersions',
  'GET /v2/info/products/:id',
  'GET /v2/info/basemodemtype/:modemType',
  'PUT /v2/info/networkinventoryvisible',
  'GET /v2/info/accessStats',
]);

function registered() {
  return api.ctx.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !isProtocolRoute(r.url));
}

describe('route table', () => {
  it('registers every route from a contract endpoint', () => {
    const stray = registered()
      .filter((r) => r.endpoint === null && !NOT_YET_IN_CONTRACT.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(stray).toEqual([]);
    const moved = [...NOT_YET_IN_CONTRACT].filter(
      (key) => !registered().some((r) => r.endpoint === null && `${r.method} ${r.url}` === key),
    );
    expect(moved).toEqual([]);
  });

  it('registers every contract endpoint, once, at its method and path', () => {
    const routes = registered().filter((r) => r.endpoint !== null);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    const missing = allEndpoints
      .map((e) => `${e.method} ${routerPath(e.path)}`)
      .filter((key) => !keys.includes(key));
    expect(missing).toEqual([]);
    for (const r of routes) {
      expect(`${r.method} ${r.url}`).toBe(`${r.endpoint!.method} ${routerPath(r.endpoint!.path)}`);
    }
  });
});

describe('GET /openapi.json', () => {
  it('is public and a valid OpenAPI 3.1 document listing every contract endpoint', async () => {
    const res = await api.ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(allEndpoints.map((e) => `${e.method} ${e.path}`).sort());
    const ids = Object.values(document.paths).flatMap((m) =>
      Object.values(m).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
