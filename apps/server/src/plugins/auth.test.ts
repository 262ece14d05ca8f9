import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord, UsersRepository } from '../features/users/index.js';
import { InvalidTokenError, type VerifiedToken } from '../identity/token-verifier.js';
import { PRINCIPAL_CACHE_TTL_MS, registerAuthentication, type CachedPrincipal } from './auth.js';
import { createTtlCache } from './cache.js';
import { registerErrorHandling } from './errors.js';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const ACCOUNT_ID = '22222222-2222-4222-8222-222222222222';

/** An app with the authentication hook, fake token verification and a fake user table. */
async function setup() {
  let t = 1_000_000_000;
  const now = () => t;
  const user: UserRecord = {
    id: USER_ID,
    accountId: ACCOUNT_ID,
    accountName: 'Northwind',
    role: 'accountAdmin',
    email: 'hannah@northwind.example',
    firstName: 'Hannah',
    lastName: 'Keller',
    loginType: 'Local',
    passwordHash: null,
    features: [],
    disabled: false,
    accountPermissions: {
      configuratorVisible: false,
      msrpPricesVisible: false,
      wholesalePricesVisible: false,
      commercialPriceBook: false,
      militaryPriceBook: false,
    },
  };
  // Tokens are "<name>:<exp in ms>"; an expired one is refused like jose refuses it. A token
  // named "client…" is an API client's (client credentials).
  const verify = vi.fn(async (token: string): Promise<VerifiedToken> => {
    const expiresAt = Number(token.split(':')[1]);
    if (!(expiresAt > t)) throw new InvalidTokenError('ERR_JWT_EXPIRED');
    return token.startsWith('client')
      ? {
          sub: null,
          clientId: 'nw-ops',
          scopes: ['partners-api'],
          email: null,
          expiresAt,
          grantId: null,
        }
      : {
          sub: USER_ID,
          clientId: 'aerie-portal',
          scopes: ['api'],
          email: null,
          expiresAt,
          grantId: 'grant-1',
        };
  });
  // Grants that exist: signing out destroys one.
  const grants = new Set(['grant-1']);
  const grantActive = vi.fn(async (grantId: string) => grants.has(grantId));
  const resolveApiClientOwner = vi.fn(async (clientId: string) =>
    clientId === 'nw-ops' ? USER_ID : null,
  );
  const findById = vi.fn(async (id: string) => (id === user.id ? { ...user } : null));
  const recordActivity = vi.fn();
  const principals = createTtlCache<CachedPrincipal>({ ttlMs: PRINCIPAL_CACHE_TTL_MS, now });
  const app = Fastify();
  registerErrorHandling(app);
  registerAuthentication(app, {
    verify,
    users: { findById } as unknown as UsersRepository,
    portalClientId: 'aerie-portal',
    resolveApiClientOwner,
    recordActivity,
    grantActive,
    principals,
    now,
  });
  app.get('/who', async (request) => request.principal());
  app.get('/still-valid', async (request) => ({
    valid: await request.credentials().stillValid(),
    expiresAt: request.credentials().expiresAt,
  }));
  await app.ready();
  const call = async (token: string) =>
    app.inject({ method: 'GET', url: '/who', headers: { authorization: `Bearer ${token}` } });
  return {
    app,
    user,
    verify,
    findById,
    recordActivity,
    resolveApiClientOwner,
    principals,
    grants,
    call,
    advance: (ms: number) => (t += ms),
    at: (ms: number) => t + ms,
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

describe('authentication: the short-lived principal cache', () => {
  it('checks a token and its user once, then reuses them for the same token', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(60 * 60_000)}`;
    for (let i = 0; i < 3; i++) {
      const res = await s.call(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        userId: USER_ID,
        accountId: ACCOUNT_ID,
        role: 'accountAdmin',
        apiClientId: null,
      });
    }
    expect(s.verify).toHaveBeenCalledTimes(1);
    expect(s.findById).toHaveBeenCalledTimes(1);
    // Activity is still told of every call.
    expect(s.recordActivity).toHaveBeenCalledTimes(3);
    // Another token of the same user is checked on its own.
    await s.call(`b:${s.at(60 * 60_000)}`);
    expect(s.verify).toHaveBeenCalledTimes(2);
  });

  it('checks again after the time to live, and sees a disabled user then', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(60 * 60_000)}`;
    expect((await s.call(token)).statusCode).toBe(200);
    s.user.disabled = true;
    s.advance(PRINCIPAL_CACHE_TTL_MS - 1);
    expect((await s.call(token)).statusCode).toBe(200);
    s.advance(1);
    const res = await s.call(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'The access token does not belong to an active user.',
    });
  });

  it('sees a changed role at once when the cache is cleared (the "account" cache clear)', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(60 * 60_000)}`;
    await s.call(token);
    s.user.role = 'credentialed';
    expect((await s.call(token)).json()).toMatchObject({ role: 'accountAdmin' });
    s.principals.clear();
    expect((await s.call(token)).json()).toMatchObject({ role: 'credentialed' });
  });

  it('never uses an entry at or after the token expires', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(1_000)}`;
    expect((await s.call(token)).statusCode).toBe(200);
    s.advance(1_000);
    const res = await s.call(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'The access token is invalid or expired.' });
    expect(s.verify).toHaveBeenCalledTimes(2);
    expect(s.principals.size).toBe(0);
  });

  it("checks an API client's token every time (a deleted client stops at once)", async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `client:${s.at(60 * 60_000)}`;
    expect((await s.call(token)).json()).toMatchObject({ userId: USER_ID, apiClientId: 'nw-ops' });
    expect((await s.call(token)).statusCode).toBe(200);
    expect(s.resolveApiClientOwner).toHaveBeenCalledTimes(2);
    expect(s.principals.size).toBe(0);
    // Integrations are not counted as the user's activity.
    expect(s.recordActivity).not.toHaveBeenCalled();
  });

  it("refuses a user's token once its grant is gone (signed out), when the cache is cleared", async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(60 * 60_000)}`;
    expect((await s.call(token)).statusCode).toBe(200);
    s.grants.delete('grant-1');
    s.principals.clear();
    const res = await s.call(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'The access token was revoked: its session has ended.',
    });
  });

  it('re-checks credentials for a long response without the cache', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(60 * 60_000)}`;
    const check = () =>
      s.app.inject({
        method: 'GET',
        url: '/still-valid',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await check()).json()).toEqual({ valid: true, expiresAt: s.at(60 * 60_000) });
    // Cached for the request itself, but stillValid() looks at the user again.
    s.user.disabled = true;
    expect((await check()).json()).toMatchObject({ valid: false });
  });

  it('remembers nothing for a refused token', async () => {
    const s = await setup();
    close = () => s.app.close();
    const token = `a:${s.at(-1)}`;
    expect((await s.call(token)).statusCode).toBe(401);
    expect((await s.call(token)).statusCode).toBe(401);
    expect(s.verify).toHaveBeenCalledTimes(2);
    expect(s.principals.size).toBe(0);
  });
});
