import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo/demo-identities.js';
import { createTestContext, signIn, startSignIn, type TestContext } from '../test/test-app.js';
import { IDENTITY_MESSAGES } from './identity.routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function change(fields: Record<string, string>, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/password',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('the change-password page', () => {
  it('shows a labelled form', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/password' });
    expect(res.statusCode).toBe(200);
    for (const label of ['Email', 'Current password', 'New password', 'Confirm new password']) {
      expect(res.body).toContain(`>${label}</label>`);
    }
  });

  it.each([
    [{ newPassword: 'short', confirmPassword: 'short' }, IDENTITY_MESSAGES.passwordTooShort],
    [
      { newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' },
      IDENTITY_MESSAGES.passwordMismatch,
    ],
    [
      { newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      IDENTITY_MESSAGES.passwordSame,
    ],
  ])('refuses %o with a message', async (fields, message) => {
    const res = await change({
      email: 'tomas.okafor@aerie.example',
      currentPassword: DEMO_PASSWORD,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('answers an address over the per-minute limit with the page and the wait, never JSON', async () => {
    // Its own address, so the other tests keep their allowance; a short password is refused
    // before any hashing, so the ten allowed posts are quick.
    const fields = { email: 'ana@aerie.example', newPassword: 'x', confirmPassword: 'x' };
    for (let i = 0; i < 10; i++)
      expect((await change(fields, '203.0.113.10')).statusCode).toBe(400);
    const limited = await change(fields, '203.0.113.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('>Current password</label>');
    expect(limited.body).toContain('value="ana@aerie.example"');
    expect(limited.body).toMatch(
      /Too many sign-in attempts\. Please try again in (\d+ seconds?|1 minute)\./,
    );
  });

  it('refuses a wrong current password without saying whether the user exists', async () => {
    for (const email of ['tomas.okafor@aerie.example', 'nobody@aerie.example']) {
      const res = await change({
        email,
        currentPassword: 'wrong',
        newPassword: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(IDENTITY_MESSAGES.invalidCredentials);
    }
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const email = 'liam.brooks@northwind.example';
    const res = await change({
      email,
      currentPassword: DEMO_PASSWORD,
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(IDENTITY_MESSAGES.passwordChanged);
    await expect(signIn(ctx.app, email, 'a-new-password-1')).resolves.toHaveProperty('accessToken');
    const old = await startSignIn(ctx.app, email, DEMO_PASSWORD);
    expect(old.loginResponse.statusCode).toBe(401);
  });
});
