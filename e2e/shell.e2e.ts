import { roleDisplayName, type RoleKey } from '@aerie/contract';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { BRAND, expectVisible, type DemoUser } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import {
  closeUserPanel,
  navigationLinkNames,
  openHealthPage,
  openUserPanel,
  signInAsRole,
  waitForShell,
} from './support/shell.js';

const session = useBrowser();

const staffLinks = [
  'Home',
  'Devices',
  'Subscriptions',
  'Jobs',
  'Portal API',
  'Resources',
  'Tools',
  'Admin',
];
const expectedLinks: Record<RoleKey, string[]> = {
  superUser: staffLinks,
  providerAdmin: staffLinks,
  salesSupport: staffLinks,
  productSupport: staffLinks,
  accountAdmin: ['Home', 'Devices', 'Subscriptions', 'Jobs', 'Resources', 'Tools', 'Admin'],
  credentialed: ['Home', 'Devices', 'Jobs', 'Resources', 'Tools'],
};

const signInToShell = (role: RoleKey, path?: string): Promise<DemoUser> =>
  signInAsRole(session.page, role, path);

describe('application shell', () => {
  for (const role of Object.keys(expectedLinks) as RoleKey[]) {
    test(`the navigation shows exactly the links of ${roleDisplayName(role, BRAND)}`, async () => {
      const { page } = session;
      await signInToShell(role);

      expect(await navigationLinkNames(page)).toEqual(expectedLinks[role]);
      const panel = await openUserPanel(page);
      const healthLink = panel.getByRole('link', { name: 'Application Health' });
      expect(await healthLink.count()).toBe(role === 'superUser' ? 1 : 0);
      await expectNoSeriousAxeViolations(page);
      await closeUserPanel(page);

      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Tools' })
        .click();
      await expectVisible(
        page.getByRole('heading', { name: 'Options File Validator' }),
        'the Tools page',
      );
      await expectVisible(page.getByText('This page is coming soon.'), 'the placeholder text');
    });
  }

  test('Credentialed is sent from /subscriptions to /dashboard', async () => {
    const { page } = session;
    await signInToShell('credentialed');
    await page.goto(`${baseUrl()}/subscriptions`);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await expectVisible(
      page.getByRole('heading', { name: 'Dashboard', level: 1 }),
      'the Dashboard page',
    );
    await expectVisible(
      page.getByText('Subscriptions is not available for your role.'),
      'the notice saying why',
    );
  });

  test('an unknown address signs in first, then shows Page not found inside the shell', async () => {
    const { page } = session;
    await signInToShell('accountAdmin', '/no-such-page');
    await expectVisible(
      page.getByRole('heading', { name: 'Page not found', level: 1 }),
      'the not-found page',
    );
    expect(await navigationLinkNames(page)).toEqual(expectedLinks.accountAdmin);
    await page.waitForFunction(() => document.title === 'Page not found · Aerie');
    await screenshot(page, 'shell-not-found');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
  });

  test('redirects: / to /home and /documentation/* to /resources', async () => {
    const { page } = session;
    await signInToShell('accountAdmin');
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(`${baseUrl()}/documentation/guides/x`);
    await page.waitForURL((url) => url.pathname === '/resources');
    await page.goto(`${baseUrl()}/software/v2`);
    await page.waitForURL(
      (url) =>
        url.pathname === '/resources/topic' &&
        url.searchParams.get('rootDir') === '/documents/SOFTWARE',
    );
  });

  test('a device route opens the detail pane over the list; pages pass axe', async () => {
    const { page } = session;
    await signInToShell('superUser');
    for (const path of ['/devices', '/reports', '/jobs', '/admin', '/resources']) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForShell(page);
      await expectNoSeriousAxeViolations(page);
    }
    await openHealthPage(page);
    await expectVisible(page.getByTestId('overall-health'), 'the overall state');
    await expectNoSeriousAxeViolations(page);
    // A device that does not exist still opens the pane, with the frame's message.
    await page.goto(`${baseUrl()}/devices/00000000-0000-4000-8000-000000000000/overview`);
    await waitForShell(page);
    const pane = page.getByRole('region', { name: 'Detail' });
    await expectVisible(pane.getByText('Device not found.'), 'the detail pane');
    expect(await pane.getAttribute('data-offset')).toBe('190');
    await expectVisible(
      page.getByRole('heading', { name: 'Devices', level: 1 }),
      'the list under the pane',
    );
    await screenshot(page, 'shell-detail-pane');
    await expectNoSeriousAxeViolations(page);
    await pane.getByRole('button', { name: 'Close detail' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
  });
});
