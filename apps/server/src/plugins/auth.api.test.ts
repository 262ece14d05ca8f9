import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { apiErrorSchema, currentUserSchema } from '@aerie/contract';
import {
  bearer,
  createTestContext,
  demoEmail,
  signIn,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../test/test-app.js';

let ctx: TestContext;
let signingJwk: JWK;
let userId: string;
const ISSUER = `${TEST_PUBLIC_URL}/auth`;
const AUDIENCE = 'urn:aerie:api';

beforeAll(async () => {
  ctx = await createTestContext();
  const keys = await ctx.database.pool.query<{ material: JWK }>(
    "select material from identity_keys where kind = 'signing'",
  );
  signingJwk = keys.rows[0]!.material;
  const users = await ctx.database.pool.query<{ id: string }>(
    "select id from users where email = 'sofia.reyes@aerie.example'",
  );
  userId = users.rows[0]!.id;
});
afterAll(async () => {
  await ctx?.close();
});

interface Forge {
  sub?: string;
  iss?: string;
  aud?: string;
  exp?: number;
  scope?: string;
}

async function forge(o: Forge = {}, key?: JWK): Promise<string> {
  const jwk = key ?? signingJwk;
  const privateKey = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: o.scope ?? 'api', client_id: 'aerie-portal' })
    .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid!, typ: 'at+jwt' })
    .setSubject(o.sub ?? userId)
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(o.exp ?? now + 300)
    .sign(privateKey);
}

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function me(token?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/v2/users/me',
    headers: token === undefined ? {} : bearer(token),
  });
}

describe('bearer token verification', () => {
  it('accepts a well-formed token from the issuer (control for the cases below)', async () => {
    expect((await me(await forge())).statusCode).toBe(200);
  });

  it('answers 401 with the error body when there is no token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).message).toBe('A bearer access token is required.');
  });

  it.each([
    ['garbage', async () => 'not-a-jwt'],
    ['an expired token', async () => forge({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ['a wrong audience', async () => forge({ aud: 'urn:someone-else' })],
    ['a wrong issuer', async () => forge({ iss: 'https://evil.example/auth' })],
    ['a token without the API scope', async () => forge({ scope: 'openid' })],
    [
      'a token for a user that does not exist',
      async () => forge({ sub: '00000000-0000-4000-8000-000000000000' }),
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await forge()).split('.');
        return `${h}.${b64url({ sub: userId, iss: ISSUER, aud: AUDIENCE, exp: 9999999999, scope: 'api superpowers' })}.${s}`;
      },
    ],
    [
      'alg none',
      async () =>
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: userId, iss: ISSUER, aud: AUDIENCE, exp: 9999999999, scope: 'api' })}.`,
    ],
    [
      'HS256 keyed with the public key',
      async () => {
        const secret = new TextEncoder().encode(
          JSON.stringify({ kty: signingJwk.kty, n: signingJwk.n, e: signingJwk.e }),
        );
        return new SignJWT({ scope: 'api' })
          .setProtectedHeader({ alg: 'HS256', kid: signingJwk.kid! })
          .setSubject(userId)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setExpirationTime('5m')
          .sign(secret);
      },
    ],
    [
      'a signature by another key with the same key id',
      async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        const { exportJWK } = await import('jose');
        return forge({}, { ...(await exportJWK(privateKey)), kid: signingJwk.kid! });
      },
    ],
  ])('answers 401 for %s', async (_name, make) => {
    const res = await me(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('lets public routes answer without a token', async () => {
    for (const url of ['/status', '/health/maintenance', '/config.json']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('serves the runtime configuration the browser starts from', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.json()).toMatchObject({
      brand: 'Aerie',
      authority: ISSUER,
      clientId: 'aerie-portal',
      scope: 'openid profile api',
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v2/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).statusCode).toBe(404);
  });
});

describe('the authenticated-principal cache', () => {
  it('drops a disabled user as soon as staff clear the account cache', async () => {
    const email = demoEmail('productSupport');
    const token = (await signIn(ctx.app, email)).accessToken;
    const admin = (await signIn(ctx.app, demoEmail('superUser'))).accessToken;
    expect((await me(token)).statusCode).toBe(200);
    await ctx.database.pool.query('update users set disabled = true where email = $1', [email]);
    try {
      const clear = await ctx.app.inject({
        method: 'POST',
        url: '/v2/admin/cache/account',
        headers: bearer(admin),
      });
      expect(clear.statusCode).toBe(200);
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).message).toBe(
        'The access token does not belong to an active user.',
      );
    } finally {
      await ctx.database.pool.query('update users set disabled = false where email = $1', [email]);
    }
  });
});

describe('PUT /v2/users/settings', () => {
  let token: string;
  beforeAll(async () => {
    token = (await signIn(ctx.app, 'liam.brooks@northwind.example')).accessToken;
  });

  function put(payload: string) {
    return ctx.app.inject({
      method: 'PUT',
      url: '/v2/users/settings',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload,
    });
  }

  it('saves a change that the next /v2/users/me shows', async () => {
    const res = await put(JSON.stringify({ theme: 'dark', menuCollapsed: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'dark', menuCollapsed: true, detailFullWidth: true });
    const after = await me(token);
    expect(currentUserSchema.parse(after.json()).settings).toMatchObject({
      theme: 'dark',
      menuCollapsed: true,
    });
  });

  it('refuses malformed JSON with 400 and a message', async () => {
    const res = await put('{"theme": ');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('refuses an invalid value with 400 naming the field', async () => {
    const res = await put(JSON.stringify({ theme: 'purple' }));
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.field).toBe('theme');
    expect(body.message).toContain('theme');
  });

  it('refuses unknown settings keys', async () => {
    const res = await put(JSON.stringify({ isAdmin: true }));
    expect(res.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/v2/users/settings',
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(401);
  });
});
