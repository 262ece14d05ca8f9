import type { AddressInfo } from 'node:net';
import net from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test/test-app.js';
import { createApiClientsRepository } from './api-clients.repository.js';

// A partner's integration written with a standard OpenID Connect library (openid-client 6):
// discovery, then the client-credentials grant at the token endpoint discovery advertises.

const CLIENT_ID = 'northwind-partner';
const SECRET = 'a partner secret, kept by the partner';

let ctx: TestContext;
let base: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The issuer in discovery is the configured public address: the server listens on it.
  ctx = await createTestContext({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const owner = await ctx.database.pool.query<{ id: string }>(
    "select id from users where email = 'hannah.keller@northwind.example'",
  );
  await createApiClientsRepository(ctx.database.pool).create(owner.rows[0]!.id, CLIENT_ID, SECRET);
}, 60_000);
afterAll(async () => {
  ctx?.app.server.closeAllConnections();
  await ctx?.close();
});

/** The provider's configuration as the partner's library discovers it. */
function discover(auth: client.ClientAuth) {
  return client.discovery(new URL(`${base}/auth`), CLIENT_ID, undefined, auth, {
    // The test server speaks plain HTTP on 127.0.0.1; production is HTTPS.
    execute: [client.allowInsecureRequests],
  });
}

async function storedHash(): Promise<string> {
  const r = await ctx.database.pool.query<{ secret_hash: string }>(
    'select secret_hash from api_clients where client_id = $1',
    [CLIENT_ID],
  );
  return r.rows[0]!.secret_hash;
}

describe('an API client used through openid-client', () => {
  it.each([
    ['client_secret_basic', client.ClientSecretBasic],
    ['client_secret_post', client.ClientSecretPost],
  ])(
    'gets a partners-api token with %s that calls the API as its creator',
    async (_method, auth) => {
      const config = await discover(auth(SECRET));
      expect(config.serverMetadata().token_endpoint).toBe(`${base}/auth/token`);
      expect(config.serverMetadata().token_endpoint_auth_methods_supported).toEqual(
        expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
      );
      const tokens = await client.clientCredentialsGrant(config, { scope: 'partners-api' });
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.scope).toBe('partners-api');

      const me = await fetch(`${base}/v2/users/me`, { headers: bearer(tokens.access_token) });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        email: 'hannah.keller@northwind.example',
        role: 'accountAdmin',
      });
    },
  );

  it('refuses the stored hash as the secret, with either method', async () => {
    const hash = await storedHash();
    for (const auth of [client.ClientSecretBasic(hash), client.ClientSecretPost(hash)]) {
      const config = await discover(auth);
      const refused = await client
        .clientCredentialsGrant(config, { scope: 'partners-api' })
        .then(() => null)
        .catch((error: unknown) => error);
      // HTTP Basic is answered with a WWW-Authenticate challenge, the form with a JSON body.
      if (refused instanceof client.WWWAuthenticateChallengeError) {
        expect(refused.status).toBe(401);
        expect(refused.cause[0]?.parameters.error).toBe('invalid_client');
      } else {
        expect(refused).toBeInstanceOf(client.ResponseBodyError);
        expect((refused as client.ResponseBodyError).status).toBe(401);
        expect((refused as client.ResponseBodyError).error).toBe('invalid_client');
      }
    }
  });
});

describe("the spec's POST /connect/token", () => {
  const token = (secret: string) =>
    fetch(`${base}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'partners-api',
        client_id: CLIENT_ID,
        client_secret: secret,
      }),
    });

  it('takes the real secret and refuses the stored hash', async () => {
    expect((await token(SECRET)).status).toBe(200);
    const refused = await token(await storedHash());
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
  });
});
