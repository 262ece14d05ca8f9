import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleDisplayName, currentUserSchema, rolePermissions } from '@aerie/contract';
import { demoUsers } from '../demo/demo-identities.js';
import {
  bearer,
  createTestContext,
  signIn,
  startSignIn,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../test/test-app.js';
import { IDENTITY_MESSAGES, SIGN_IN_ATTEMPTS_PER_MINUTE } from './identity.routes.js';
import { createApiClientsRepository } from './api-clients.repository.js';
import { buildApp } from '../test/build-app.js';
import { TOKEN_MESSAGES, TOKEN_REQUESTS_PER_MINUTE } from './token-endpoint.js';

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
});

describe('throttled guessing of passwords', () => {
  const password = 'Aerie-demo-2026';
  const from = (remoteAddress: string, cookie?: string) => ({
    remoteAddress,
    ...(cookie ? { cookie } : {}),
  });
  const attempt = (email: string, pw: string, remoteAddress: string, cookie?: string) =>
    startSignIn(ctx.app, email, pw, undefined, from(remoteAddress, cookie));

  it('makes one address wait after five wrong passwords for a name, even with the right one', async () => {
    const email = 'priya.natarajan@aerie.example';
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt(email, `wrong-${i}`, '198.51.100.1');
      expect(wrong.loginResponse.statusCode).toBe(401);
    }
    const waiting = await attempt(email, password, '198.51.100.1');
    expect(waiting.loginResponse.statusCode).toBe(429);
    // The branded sign-in page, saying how long to wait (the first wait is 15 seconds).
    expect(waiting.loginResponse.headers['content-type']).toContain('text/html');
    const wait = Number(waiting.loginResponse.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    expect(waiting.loginResponse.body).toContain('<h1 id="page-title">Sign in</h1>');
    expect(waiting.loginResponse.body).toContain(IDENTITY_MESSAGES.tooManyAttempts(wait));
    expect(IDENTITY_MESSAGES.tooManyAttempts(15)).toBe(
      'Too many sign-in attempts. Please try again in 15 seconds.',
    );
    // The same name in another form is the same guesser.
    const shouted = await attempt(' PRIYA.Natarajan@aerie.example', password, '198.51.100.1');
    expect(shouted.loginResponse.statusCode).toBe(429);
    // Unknown names wait the same way, so a wait says nothing about existence.
    for (let i = 0; i < 5; i++) await attempt('ghost@aerie.example', `wrong-${i}`, '198.51.100.1');
    const ghost = await attempt('ghost@aerie.example', 'x', '198.51.100.1');
    expect(ghost.loginResponse.statusCode).toBe(429);
  });

  it('lets the user in from another address at once: a stranger cannot lock an account', async () => {
    const other = await attempt('priya.natarajan@aerie.example', password, '198.51.100.2');
    expect(other.loginResponse.statusCode).toBe(303);
  });

  it('holds an account guessed from many addresses back by 30 seconds at most, and not at all in a browser it signed in with', async () => {
    const email = 'marcus.chen@aerie.example';
    const before = await attempt(email, password, '198.51.100.3');
    expect(before.loginResponse.statusCode).toBe(303);
    const knownBrowser = [before.loginResponse.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('aerie_known_browser='))
      ?.split(';')[0];
    expect(knownBrowser).toBeDefined();
    // One wrong guess from each of 20 addresses: no address reaches its own back-off.
    for (let i = 1; i <= 20; i++) {
      const wrong = await attempt(email, `wrong-${i}`, `192.0.2.${i}`);
      expect(wrong.loginResponse.statusCode).toBe(401);
    }
    const elsewhere = await attempt(email, password, '192.0.2.100');
    expect(elsewhere.loginResponse.statusCode).toBe(429);
    const wait = Number(elsewhere.loginResponse.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    const known = await attempt(email, password, '192.0.2.101', knownBrowser);
    expect(known.loginResponse.statusCode).toBe(303);
  });

  it('keeps its counts in the database: another instance on it makes the same address wait', async () => {
    for (let i = 0; i < 5; i++)
      await attempt('restart@aerie.example', `wrong-${i}`, '198.51.100.5');
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      const waiting = await startSignIn(
        second,
        'restart@aerie.example',
        'x',
        undefined,
        from('198.51.100.5'),
      );
      expect(waiting.loginResponse.statusCode).toBe(429);
    } finally {
      await second.close();
    }
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
    // Names in turn, none past its free guesses, so the throttle does not answer first. Known
    // users' test hashes are cheap: the posts fit well within the limit's minute (unknown names
    // would each cost a decoy hash at the production cost).
    const names = demoUsers.map((u) => u.email).filter((e) => !e.startsWith('marcus'));
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_MINUTE; i++) {
      expect((await post(names[i % names.length]!)).statusCode).toBe(401);
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

  async function token(
    form: Record<string, string>,
    headers: Record<string, string> = {},
    at: { url?: string; remoteAddress?: string } = {},
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: at.url ?? '/connect/token',
      ...(at.remoteAddress ? { remoteAddress: at.remoteAddress } : {}),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  }
  const credentials = (secret: string) => ({
    grant_type: 'client_credentials',
    scope: 'partners-api',
    client_id: 'northwind-integration',
    client_secret: secret,
  });

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

  it('makes an address that guessed a client secret five times wait, and no other address', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await token(credentials(`guess-${i}`), {}, { remoteAddress: '198.51.100.20' });
      expect(wrong.statusCode).toBe(401);
    }
    for (const url of ['/connect/token', '/auth/token']) {
      const waiting = await token(
        credentials('s3cret-value-for-tests'),
        {},
        { url, remoteAddress: '198.51.100.20' },
      );
      expect(waiting.statusCode).toBe(429);
      const wait = Number(waiting.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15);
      expect(waiting.json()).toEqual({
        error: 'too_many_requests',
        error_description: TOKEN_MESSAGES.tooManyRequests(wait),
      });
    }
    const elsewhere = await token(
      credentials('s3cret-value-for-tests'),
      {},
      { url: '/auth/token', remoteAddress: '198.51.100.21' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it.each(['/connect/token', '/auth/token'])(
    'limits %s per address and minute, answering 429 with Retry-After',
    async (url) => {
      const remoteAddress = url === '/auth/token' ? '198.51.100.30' : '198.51.100.31';
      const bad = () => token({ grant_type: 'client_credentials' }, {}, { url, remoteAddress });
      for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i++)
        expect((await bad()).statusCode).toBe(400);
      const limited = await bad();
      expect(limited.statusCode).toBe(429);
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(limited.json<{ error: string }>().error).toBe('too_many_requests');
    },
  );

  it('never stores the secret itself', async () => {
    const rows = await ctx.database.pool.query<{ secret_hash: string }>(
      'select secret_hash from api_clients',
    );
    expect(rows.rows.every((r) => !r.secret_hash.includes('s3cret'))).toBe(true);
  });
});

describe('URLs the identity provider builds', () => {
  const forged = [
    { host: 'evil.example' },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { forwarded: 'host=evil.example;proto=https' },
  ];

  it.each(forged)(
    'are the public address in discovery, whatever the request says (%o)',
    async (headers) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/auth/.well-known/openid-configuration',
        headers,
        remoteAddress: '192.0.2.60',
      });
      expect(res.statusCode).toBe(200);
      const urls = Object.entries(res.json<Record<string, unknown>>()).filter(
        ([key, value]) =>
          typeof value === 'string' &&
          (key === 'issuer' || key.endsWith('_endpoint') || key.endsWith('_uri')),
      );
      expect(urls.map(([key]) => key)).toEqual(
        expect.arrayContaining(['issuer', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']),
      );
      for (const [, url] of urls) expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/auth(/|$)`));
      expect(res.body).not.toContain('evil.example');
    },
  );

  it.each(forged)('are the public address in the sign-out form (%o)', async (headers) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/session/end',
      headers,
      remoteAddress: '192.0.2.61',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`action="${TEST_PUBLIC_URL}/auth/session/end/confirm"`);
    expect(res.body).not.toContain('evil.example');
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
