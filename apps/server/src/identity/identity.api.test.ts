import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleDisplayName, currentUserSchema, rolePermissions } from '@aerie/contract';
import { demoUsers } from '../demo/demo-identities.js';
import {
  bearer,
  createTestContext,
  signIn,
  startSignIn,
  type TestContext,
} from '../test/test-app.js';
import { IDENTITY_MESSAGES, SIGN_IN_ATTEMPTS_PER_MINUTE } from './identity.routes.js';
import { createApiClientsRepository } from './api-clients.repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('sign-in through the embedded OpenID Connect provider', () => {
  it.each(demoUsers.map((u) => [u.role, u] as const))(
    'signs in the demo %s user and answers /v2/users/me with their name and role',
    async (_role, user) => {
      const { accessToken } = await signIn(ctx.app, user.email);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/v2/users/me',
        headers: bearer(accessToken),
      });
      expect(me.statusCode).toBe(200);
      const body = currentUserSchema.parse(me.json());
      expect(body).toMatchObject({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        roleName: roleDisplayName(user.role, 'Aerie'),
        loginType: 'Local',
      });
      // Exactly the contract's role table, the one the server's guards check.
      expect(body.permissions).toEqual([...rolePermissions[user.role]].sort());
      expect(body.permissions).toContain('portal.access');
      expect(body.settings.theme).toBe('brand');
    },
  );

  it('names the provider admin role after the brand', async () => {
    const { accessToken } = await signIn(ctx.app, 'marcus.chen@aerie.example');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: bearer(accessToken),
    });
    expect(currentUserSchema.parse(me.json()).roleName).toBe('Aerie Admin');
  });

  it('shows the sign-in page with labelled fields', async () => {
    const { loginPage } = await startSignIn(ctx.app, 'nobody@example.com', 'x');
    expect(loginPage.statusCode).toBe(200);
    expect(loginPage.body).toContain('<label for="email">Email</label>');
    expect(loginPage.body).toContain('<label for="password">Password</label>');
    expect(loginPage.body).toContain('>Sign in</button>');
  });

  it('gives one message for a wrong password and for an unknown user', async () => {
    const wrong = await startSignIn(ctx.app, 'sofia.reyes@aerie.example', 'not-the-password');
    const unknown = await startSignIn(ctx.app, 'nobody@aerie.example', 'not-the-password');
    for (const { loginResponse } of [wrong, unknown]) {
      expect(loginResponse.statusCode).toBe(401);
      expect(loginResponse.body).toContain(IDENTITY_MESSAGES.invalidCredentials);
    }
  });

  it('knows a login email in any case and spacing, and no other name for it', async () => {
    const again = await startSignIn(ctx.app, '  Liam.BROOKS@Northwind.example ', 'Aerie-demo-2026');
    expect(again.loginResponse.statusCode).toBe(303);
    // "İ" (U+0130) is "i" to PostgreSQL's lower() but not to JavaScript's: it once named the
    // same account under a throttle key of its own.
    const dotted = await startSignIn(ctx.app, 'lİam.brooks@northwind.example', 'Aerie-demo-2026');
    expect(dotted.loginResponse.statusCode).toBe(401);
    expect(dotted.loginResponse.body).toContain(IDENTITY_MESSAGES.invalidCredentials);
  });

  it('stores emails only as login names', async () => {
    const insert = (email: string) =>
      ctx.database.pool.query(
        `insert into users (account_id, role_id, email, first_name, last_name)
         select account_id, role_id, $1, 'T', 'U' from users limit 1`,
        [email],
      );
    for (const email of ['Upper@aerie.example', ' spaced@aerie.example', 'lİam@aerie.example'])
      await expect(insert(email)).rejects.toThrow(/users_email_normalized/);
    await expect(insert('liam.brooks@northwind.example')).rejects.toThrow(/users_email_idx/);
  });

  it('locks a login name after repeated failures, even with the right password', async () => {
    const email = 'priya.natarajan@aerie.example';
    for (let i = 0; i < 5; i++) await startSignIn(ctx.app, email, `wrong-${i}`);
    const locked = await startSignIn(ctx.app, email, 'Aerie-demo-2026');
    expect(locked.loginResponse.statusCode).toBe(429);
    // The branded sign-in page, saying how long to wait (the lock lasts 5 minutes).
    expect(locked.loginResponse.headers['content-type']).toContain('text/html');
    expect(Number(locked.loginResponse.headers['retry-after'])).toBeGreaterThan(4 * 60);
    expect(locked.loginResponse.body).toContain('<h1 id="page-title">Sign in</h1>');
    expect(locked.loginResponse.body).toContain(IDENTITY_MESSAGES.tooManyAttempts(5 * 60));
    expect(IDENTITY_MESSAGES.tooManyAttempts(5 * 60)).toBe(
      'Too many sign-in attempts. Please try again in 5 minutes.',
    );
    // Unknown names are locked the same way, so a lock says nothing about existence.
    for (let i = 0; i < 5; i++) await startSignIn(ctx.app, 'ghost@aerie.example', `wrong-${i}`);
    const ghost = await startSignIn(ctx.app, 'ghost@aerie.example', 'x');
    expect(ghost.loginResponse.statusCode).toBe(429);
  });
});

describe('the per-address limit on sign-in attempts', () => {
  it('answers a browser the branded sign-in page with the wait, never JSON', async () => {
    const { jar, host, interactionPath } = await startSignIn(ctx.app, 'nobody@aerie.example', 'x');
    // Its own address, so the other tests' attempts from 127.0.0.1 keep their allowance.
    const post = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${interactionPath}/login`,
        remoteAddress: '203.0.113.9',
        headers: {
          host,
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ email, password: 'wrong' }).toString(),
      });
    // A different name each time: the per-name lock must not answer first.
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_MINUTE; i++) {
      expect((await post(`guess-${i}@aerie.example`)).statusCode).toBe(401);
    }
    const limited = await post('guess-last@aerie.example');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.body).toContain('<h1 id="page-title">Sign in</h1>');
    expect(limited.body).toContain(`action="${interactionPath}/login"`);
    expect(limited.body).toContain('value="guess-last@aerie.example"');
    expect(limited.body).toMatch(
      /Too many sign-in attempts\. Please try again in (\d+ seconds?|1 minute)\./,
    );
  });
});

describe('client credentials at POST /connect/token', () => {
  beforeAll(async () => {
    const owner = await ctx.app.inject({ method: 'GET', url: '/status' });
    expect(owner.statusCode).toBe(200);
    const user = await ctx.database.pool.query<{ id: string }>(
      "select id from users where email = 'hannah.keller@northwind.example'",
    );
    await createApiClientsRepository(ctx.database.pool).create(
      user.rows[0]!.id,
      'northwind-integration',
      's3cret-value-for-tests',
    );
  });

  async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  }

  it('issues a partners-api token that acts as the creating user', async () => {
    const res = await token({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: 'northwind-integration',
      client_secret: 's3cret-value-for-tests',
    });
    expect(res.statusCode).toBe(200);
    const accessToken = res.json<{ access_token: string }>().access_token;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v2/users/me',
      headers: bearer(accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'hannah.keller@northwind.example',
      role: 'accountAdmin',
    });
  });

  it('accepts HTTP Basic client authentication too', async () => {
    const basic = Buffer.from('northwind-integration:s3cret-value-for-tests').toString('base64');
    const res = await token(
      { grant_type: 'client_credentials', scope: 'partners-api' },
      { authorization: `Basic ${basic}` },
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong secret and an unknown client', async () => {
    const wrong = await token({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: 'northwind-integration',
      client_secret: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ error: string }>().error).toBe('invalid_client');
    const unknown = await token({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: 'who',
      client_secret: 'nope',
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('never stores the secret itself', async () => {
    const rows = await ctx.database.pool.query<{ secret_hash: string }>(
      'select secret_hash from api_clients',
    );
    expect(rows.rows.every((r) => !r.secret_hash.includes('s3cret'))).toBe(true);
  });
});

describe('an expired or unknown sign-in interaction', () => {
  it('answers the sign-in page and its form with a clear message and a way back', async () => {
    // Its own client address: the sign-in form's per-address rate limit is spent by the tests above.
    const remoteAddress = '192.0.2.77';
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/auth/interaction/no-such-interaction',
      remoteAddress,
    });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/auth/interaction/no-such-interaction/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
      remoteAddress,
    });
    for (const res of [page, form]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(IDENTITY_MESSAGES.sessionExpired);
      expect(res.body).toContain('Back to the portal');
    }
  });
});
