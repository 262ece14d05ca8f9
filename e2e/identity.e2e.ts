import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-identities.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { demoUsers, expectSignInPage, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';

const session = useBrowser();

/** Records Content-Security-Policy violations reported by the page. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:')) {
        const value = sessionStorage.getItem(key);
        return value
          ? ((JSON.parse(value) as { access_token?: string }).access_token ?? null)
          : null;
      }
    }
    return null;
  });
}

describe('the identity pages', () => {
  test('signing in works with the keyboard alone', async () => {
    const { page } = session;
    const user = demoUsers[1]!;
    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    // The email field has focus on arrival; Tab moves to the password, Enter submits.
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      'the home heading after a keyboard-only sign-in',
    );
  });

  test('the app and the sign-in page run without Content-Security-Policy violations', async () => {
    const { page } = session;
    const violations = watchCsp(page);
    await signIn(page, baseUrl(), demoUsers[0]!);
    await page.reload();
    await expectVisible(
      page.getByRole('heading', { name: /^Welcome,/ }),
      'the home heading after reload',
    );
    expect(violations).toEqual([]);
  });

  test('the change-password page is reachable from the sign-in page and accessible', async () => {
    const { page } = session;
    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    await page.getByRole('link', { name: 'Change your password' }).click();
    await expectVisible(
      page.getByRole('heading', { name: 'Change password' }),
      'the change-password heading',
    );
    for (const label of ['Email', 'Current password', 'New password', 'Confirm new password']) {
      await expectVisible(page.getByLabel(label, { exact: true }), `the field "${label}"`);
    }
    await page.getByLabel('Email', { exact: true }).fill('tomas.okafor@aerie.example');
    await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(
      page.getByText('The email or password is incorrect.'),
      'the refusal message',
    );
    await screenshot(page, 'change-password');
    await expectNoSeriousAxeViolations(page);
  });

  test('a working user stays signed in: the access token is renewed silently', async () => {
    const { page } = session;
    const user = demoUsers[3]!;
    await signIn(page, baseUrl(), user);
    const first = await storedAccessToken(page);
    expect(first).toBeTruthy();
    // Tokens live 90 s in the browser tests; the client renews 60 s before expiry.
    await expect
      .poll(() => storedAccessToken(page), { timeout: 55_000, interval: 2_000 })
      .not.toBe(first);
    await page.reload();
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      'the home heading after renewal and reload',
    );
  }, 90_000);
});
