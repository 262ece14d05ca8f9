import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/demo-identities.js';
import { createTestContext, startSignIn, type TestContext } from '../test/test-app.js';

// A TLS-terminating proxy in front: the server sees plain HTTP from the proxy's address, the
// client's address in X-Forwarded-For. TRUST_PROXY says which proxies to believe.

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});
async function context(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}

const PROXY = '10.0.0.5';
const PUBLIC_URL = 'https://portal.example';

/** Five wrong passwords through the proxy for one client, then one attempt for another client. */
async function fiveWrongThenAnother(ctx: TestContext, publicUrl: string) {
  const through = (client: string) => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
  });
  const email = 'tomas.okafor@aerie.example';
  for (let i = 0; i < 5; i++) {
    const wrong = await startSignIn(
      ctx.app,
      email,
      `wrong-${i}`,
      publicUrl,
      through('203.0.113.50'),
    );
    expect(wrong.loginResponse.statusCode).toBe(401);
  }
  return {
    same: await startSignIn(ctx.app, email, 'x', publicUrl, through('203.0.113.50')),
    other: await startSignIn(ctx.app, email, 'x', publicUrl, through('203.0.113.51')),
  };
}

describe('behind a TLS-terminating proxy (TRUST_PROXY=1, PUBLIC_URL https)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await context({ TRUST_PROXY: '1', PUBLIC_URL });
  });

  it("counts each client by its forwarded address, not the proxy's", async () => {
    const { same, other } = await fiveWrongThenAnother(ctx, PUBLIC_URL);
    expect(same.loginResponse.statusCode).toBe(429);
    expect(other.loginResponse.statusCode).toBe(401);
  });

  it('marks every identity cookie Secure and sends HSTS, though the proxy speaks HTTP', async () => {
    const attempt = await startSignIn(
      ctx.app,
      'sofia.reyes@aerie.example',
      DEMO_PASSWORD,
      PUBLIC_URL,
      { remoteAddress: PROXY, headers: { 'x-forwarded-for': '203.0.113.60' } },
    );
    expect(attempt.loginResponse.statusCode).toBe(303);
    const cookies = [attempt.authorize, attempt.loginResponse].flatMap((r) =>
      [r.headers['set-cookie'] ?? []].flat(),
    );
    expect(cookies.map((c) => c.split('=')[0])).toEqual(
      expect.arrayContaining(['_interaction', '_interaction_resume', 'aerie_known_browser']),
    );
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
    expect(attempt.authorize.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(attempt.authorize.headers.location).toMatch(/^\/auth\/interaction\//);
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: a client cannot dodge the throttle by inventing addresses', async () => {
    const ctx = await context({});
    const { same, other } = await fiveWrongThenAnother(ctx, 'http://localhost:8080');
    expect(same.loginResponse.statusCode).toBe(429);
    expect(other.loginResponse.statusCode).toBe(429);
  });
});
