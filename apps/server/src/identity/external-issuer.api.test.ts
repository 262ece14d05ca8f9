import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { bearer, createTestContext, signIn, type TestContext } from '../test/test-app.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * With OIDC_ISSUER set, the embedded provider is off and tokens of that issuer
 * are accepted. The "external" issuer here is a second portal instance's
 * embedded provider, listening on a real port, on the same database.
 */
let issuerCtx: TestContext;
let resourceApp: FastifyInstance;
let issuerUrl: string;

beforeAll(async () => {
  const port = await freePort();
  issuerCtx = await createTestContext({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await issuerCtx.app.listen({ port, host: '127.0.0.1' });
  issuerUrl = `http://127.0.0.1:${port}/auth`;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:9999',
    OIDC_ISSUER: issuerUrl,
    OIDC_AUDIENCE: 'urn:aerie:api',
    WEB_DIST: '/nonexistent',
  });
  resourceApp = await buildApp({ config, database: issuerCtx.database, logger: false });
  await resourceApp.ready();
});
afterAll(async () => {
  await resourceApp?.close();
  await issuerCtx?.close();
});

describe('an external OpenID Connect issuer', () => {
  it('accepts access tokens from the configured issuer', async () => {
    const { accessToken } = await signIn(
      issuerCtx.app,
      'tomas.okafor@aerie.example',
      undefined,
      issuerCtx.config.publicUrl,
    );
    const me = await resourceApp.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: bearer(accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe('tomas.okafor@aerie.example');
  });

  it('does not mount the embedded provider', async () => {
    const res = await resourceApp.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(404);
  });

  it('advertises the external issuer to the browser', async () => {
    const res = await resourceApp.inject({ method: 'GET', url: '/config.json' });
    expect(res.json<{ authority: string }>().authority).toBe(issuerUrl);
  });
});
