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

function registered() {
  return api.ctx.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !isProtocolRoute(r.url));
}

describe('route table', () => {
  it('registers every route from a contract endpoint', () => {
    const stray = registered()
      .filter((r) => r.endpoint === null)
      .map((r) => `${r.method} ${r.url}`);
    expect(stray).toEqual([]);
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
