import { roleDisplayName } from '@aerie/contract';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import {
  BRAND,
  demoUsers,
  expectSignInPage,
  expectVisible,
  signIn,
  signOut,
  submitSignIn,
} from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';

const session = useBrowser();

describe('sign-in through the identity provider', () => {
  for (const user of demoUsers) {
    const roleName = roleDisplayName(user.role, BRAND);

    test(`${user.firstName} ${user.lastName} (${roleName}) signs in and out`, async () => {
      const { page } = session;
      const url = baseUrl();

      await signIn(page, url, user);

      await expectVisible(
        page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
        `the heading "Welcome, ${user.firstName} ${user.lastName}"`,
      );
      await expectVisible(
        page.getByText(`Signed in as ${roleName}`),
        `the text "Signed in as ${roleName}"`,
      );
      await screenshot(page, `home-${user.role}`);
      await expectNoSeriousAxeViolations(page);

      await signOut(page);
      await page.goto(`${url}/home`);
      await expectSignInPage(page);
      await expectNoSeriousAxeViolations(page);
    });
  }

  test('a wrong password is refused on the sign-in page', async () => {
    const { page } = session;
    const user = demoUsers[0];
    if (!user) throw new Error('no demo users');

    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    await submitSignIn(page, user.email, 'not-the-password');

    await expectVisible(
      page.getByText('The email or password is incorrect.'),
      'the message "The email or password is incorrect."',
    );
    await expectSignInPage(page);
    await screenshot(page, 'sign-in-wrong-password');
    await expectNoSeriousAxeViolations(page);
  });

  test('a protected deep link survives signing in', async () => {
    const { page } = session;
    const user = demoUsers.at(-1);
    if (!user) throw new Error('no demo users');

    await signIn(page, baseUrl(), user, { path: '/home?x=1' });

    const here = new URL(page.url());
    expect(`${here.pathname}${here.search}`).toBe('/home?x=1');
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      `the heading "Welcome, ${user.firstName} ${user.lastName}"`,
    );
  });
});
