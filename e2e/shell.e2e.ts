import { roleCan, roleDisplayName, type RoleKey } from '@aerie/contract';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
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
      // Tools opens its first tab, the Options File Validator; Diagnostics Upload is a tab for
      // the roles that upload diagnostics (spec 001 §2 Tools).
      await expectVisible(page.getByRole('heading', { name: 'Tools', level: 1 }), 'the Tools page');
      await page.waitForURL((url) => url.pathname === '/tools/optionsFileValidator');
      const tabs = page.getByRole('tablist', { name: 'Tools' }).getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(
        roleCan(role, 'diagnostics.upload')
          ? ['Options File Validator', 'Diagnostics Upload']
          : ['Options File Validator'],
      );
      await expectVisible(page.getByRole('button', { name: 'Choose files' }), 'the validator');
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
    // The list it covers is not rendered under it (nobody sees it); closing shows it.
    expect(await page.locator('[data-detail-under="covered"]').innerHTML()).toBe('');
    await screenshot(page, 'shell-detail-pane');
    await expectNoSeriousAxeViolations(page);
    await pane.getByRole('button', { name: 'Close detail' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await expectVisible(
      page.getByRole('heading', { name: 'Devices', level: 1 }),
      'the list after the pane closed',
    );

    // Focus moves into the pane, the covered list is inert, Escape closes, focus is back on the row.
    const row = page.getByRole('table').getByRole('link').first();
    const rowHref = await row.getAttribute('href');
    await row.click();
    await expectVisible(pane, 'the detail pane');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="detail-pane"]')?.contains(document.activeElement),
    );
    expect(await row.evaluate((el) => el.closest('[inert]') !== null), 'list inert').toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.waitForFunction(
      (href) => document.activeElement?.getAttribute('href') === href,
      rowHref,
    );
    expect(await row.evaluate((el) => el.closest('[inert]') !== null), 'list inert').toBe(false);

    // A context pane gives focus back to the button that opened it.
    const support = page.getByRole('button', { name: 'Support', exact: true });
    await support.click();
    await expectVisible(page.getByRole('complementary'), 'the support pane');
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Support',
    );

    // The compact pane leaves the list's controls whole and usable beside it.
    await apiAsUser(page, '/v2/users/settings', {
      method: 'PUT',
      body: { detailFullWidth: false },
    });
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.reload();
      await waitForShell(page);
      await row.click();
      await expectVisible(pane, 'the compact detail pane');
      expect(await pane.getAttribute('data-offset')).toBe('605');
      const paneLeft = (await pane.boundingBox())!.x;
      for (const [name, control] of [
        ['filters', page.getByRole('search', { name: 'Device filters' })],
        ['pagination', page.getByRole('navigation', { name: 'Pages' })],
        ['Columns', page.getByRole('button', { name: 'Columns', exact: true })],
      ] as const) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width, `${name} right edge beside the pane`).toBeLessThanOrEqual(
          paneLeft,
        );
      }
      expect(await row.evaluate((el) => el.closest('[inert]') !== null), 'list inert').toBe(false);
      await screenshot(page, 'shell-detail-pane-compact');
      // On a narrow screen the pane covers the list, which is then inert.
      await page.setViewportSize({ width: 600, height: 900 });
      await page.waitForFunction(() =>
        document.querySelector('[data-detail-under]')?.hasAttribute('inert'),
      );
      await screenshot(page, 'shell-detail-pane-narrow');
    } finally {
      await apiAsUser(page, '/v2/users/settings', {
        method: 'PUT',
        body: { detailFullWidth: true },
      });
    }
  });
});
