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

      await signIn(page, url, user, { form: true });

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

  test('after five wrong passwords the sign-in page says how long to wait', async () => {
    const { page } = session;
    // A name of its own: the throttle counts per address and name, and the server is shared.
    const email = `nobody-${Date.now()}@aerie.example`;
    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    const submit = async (password: string) => {
      const answered = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          /^\/auth\/interaction\/[^/]+\/login$/.test(new URL(r.url()).pathname),
      );
      await submitSignIn(page, email, password);
      return (await answered).status();
    };
    for (let i = 0; i < 5; i++) expect(await submit(`wrong-${i}`)).toBe(401);
    expect(await submit('wrong-again')).toBe(429);

    await expectVisible(
      page.getByText(/^Too many sign-in attempts\. Please try again in ([1-9]|1[0-5]) seconds?\.$/),
      'the message "Too many sign-in attempts. Please try again in 15 seconds."',
    );
    await expectSignInPage(page);
    await screenshot(page, 'sign-in-too-many-attempts');
    await expectNoSeriousAxeViolations(page);
  });

  test('a protected deep link survives signing in', async () => {
    const { page } = session;
    const user = demoUsers.at(-1);
    if (!user) throw new Error('no demo users');

    await signIn(page, baseUrl(), user, { path: '/home?x=1', form: true });

    const here = new URL(page.url());
    expect(`${here.pathname}${here.search}`).toBe('/home?x=1');
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      `the heading "Welcome, ${user.firstName} ${user.lastName}"`,
    );
  });
});
