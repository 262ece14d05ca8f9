import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, signIn, signOut, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const me = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/v2/users/me', headers: bearer(accessToken) });

describe('signing out', () => {
  it("stops that session's access tokens at once, and no other session's", async () => {
    const laptop = await signIn(ctx.app, 'hannah.keller@northwind.example');
    const tablet = await signIn(ctx.app, 'hannah.keller@northwind.example');
    // Both answered once, so both are in the principal cache.
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
    expect((await me(tablet.accessToken)).statusCode).toBe(200);

    await signOut(ctx.app, laptop);

    const refused = await me(laptop.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      message: 'The access token was revoked: its session has ended.',
    });
    expect((await me(tablet.accessToken)).statusCode).toBe(200);
    // Signing in again gives a working token.
    const again = await signIn(ctx.app, 'hannah.keller@northwind.example');
    expect((await me(again.accessToken)).statusCode).toBe(200);
  });
});
