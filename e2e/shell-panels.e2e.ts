import {
  preSyncErrors,
  type Device,
  type DeviceList,
  type Job,
  type RoleKey,
} from '@aerie/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { BRAND, expectVisible, type DemoUser } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { untilStill } from './support/settle.js';
import {
  chooseOption,
  closeUserPanel,
  corruptAccessToken,
  openHealthPage,
  openUserPanel,
  signInAsRole,
  waitForShell,
} from './support/shell.js';

const session = useBrowser();

const signInToShell = (role: RoleKey, path?: string): Promise<DemoUser> =>
  signInAsRole(session.page, role, path);

/**
 * A provisioned device outside Northwind (the other browser tests pick Northwind devices, and
 * unprovisioned ones for provisioning) that may be synchronized: syncing it changes nothing.
 */
async function deviceToSync(page: Page): Promise<Device> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=200&fields=Id,AccountName');
  const ids = list.items
    .filter((d) => d.id && !d.accountName?.startsWith('Northwind'))
    .map((d) => d.id!)
    .sort();
  for (const id of ids) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${id}`);
    if (device.provisioned && !device.syncInProgress && preSyncErrors(device).length === 0)
      return device;
  }
  throw new Error('the demo fleet has no provisioned device that could be synchronized');
}

/** A device whose overview shows the YES badge (an active subscription) and a map. */
async function deviceWithSubscriptionAndMap(page: Page): Promise<Device> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=200&fields=Id,AccountName');
  for (const item of list.items.filter((i) => i.accountName?.startsWith('Northwind'))) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${item.id}`);
    if (device.activeSubscription?.active && device.location.coordinates) return device;
  }
  throw new Error('the demo fleet has no Northwind device with a subscription and a location');
}

/**
 * In the dark theme, the device list, a device overview (its YES badge and a dark basemap) and
 * the JSON tab pass axe, colour contrast included.
 */
async function checkDarkDevicePages(page: Page): Promise<void> {
  const device = await deviceWithSubscriptionAndMap(page);
  await page.goto(`${baseUrl()}/devices`);
  await waitForShell(page);
  await expectVisible(page.getByRole('table').getByRole('link').first(), 'the device rows');
  await screenshot(page, 'dark-device-list', { fullPage: false });
  await expectNoSeriousAxeViolations(page);

  const basemap = page
    .waitForResponse((res) => res.url().includes('/countries-50m'), { timeout: 30_000 })
    .catch(() => undefined);
  await page.goto(`${baseUrl()}/devices/${device.id}/overview`);
  await waitForShell(page);
  const map = page.getByTestId('device-map');
  // The map starts once the page has been quiet a moment (decision 028).
  await expectVisible(map, 'the map', 30_000);
  await basemap;
  await screenshot(page, 'dark-device-overview', { fullPage: false });
  await expectNoSeriousAxeViolations(page);
  // axe checks the contrast of what is on screen: the pane scrolls to the YES badge.
  const yes = page
    .getByTestId('subscription-card')
    .locator('.mantine-Badge-root', { hasText: 'Yes' });
  await yes.scrollIntoViewIfNeeded();
  await expectVisible(yes, 'the YES badge');
  await screenshot(page, 'dark-device-subscription', { fullPage: false });
  await expectNoSeriousAxeViolations(page);
  expect(await map.getAttribute('data-basemap'), 'the basemap of the dark theme').toBe('dark');
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await map.scrollIntoViewIfNeeded();
  await untilStill(map);
  await screenshot(page, 'dark-device-map', { fullPage: false });

  await page.goto(`${baseUrl()}/devices/${device.id}/json`);
  await waitForShell(page);
  await expectVisible(page.getByTestId('device-json'), 'the device JSON');
  await screenshot(page, 'dark-device-json', { fullPage: false });
  await expectNoSeriousAxeViolations(page);
}

describe('application shell: session, panels, themes and maintenance', () => {
  test('the logged-out screen appears when the session is lost, and Log In signs in again', async () => {
    const { page } = session;
    await signInToShell('salesSupport');
    await corruptAccessToken(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const text = page.getByText(
      "You've been logged out due to inactivity or network connectivity interruption",
    );
    await expectVisible(text, 'the logged-out screen');
    await screenshot(page, 'shell-logged-out');
    await expectNoSeriousAxeViolations(page);
    // Log In clears the stored sign-in and reloads: sign-in starts again, and the identity
    // provider's own session brings the user straight back.
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 30_000 });
    await waitForShell(page);
    expect(await text.count()).toBe(0);
  });

  test('Super User turns maintenance mode on in /health and the strip shows', async () => {
    const { page } = session;
    await signInToShell('superUser');
    await openHealthPage(page);
    await expectVisible(
      page.getByRole('heading', { name: 'System Health', level: 1 }),
      'the health page',
    );
    await expectVisible(page.getByTestId('overall-health'), 'the overall state');
    // 'Unhealthy' until the statuses have loaded (spec 001 §4), then Healthy or Degraded.
    await expect
      .poll(() => page.getByTestId('overall-health').innerText(), { timeout: 15_000 })
      .toMatch(/^(Healthy|Degraded)$/);
    const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
    // The switch follows the server: it flips once PUT /health/maintenance has answered.
    try {
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
      await expectVisible(
        page.getByText('Maintenance Mode ON', { exact: true }),
        'the maintenance strip',
      );
      await screenshot(page, 'shell-maintenance-strip');
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Clear device cache' }).click();
      await expectVisible(
        page.getByText('Device cache cleared successfully.'),
        'the cache message',
      );
    } finally {
      if (await toggle.isChecked()) await toggle.click();
    }
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
    await page.getByText('Maintenance Mode ON', { exact: true }).waitFor({ state: 'hidden' });
  });

  test('an API client created in the user panel gets a token that calls /v2/users/me', async () => {
    const { page } = session;
    const who = await signInToShell('accountAdmin');
    const panel = await openUserPanel(page, 'API Clients');
    const requested = `e2e-${Date.now()}`;
    const secret = `s3cret-${Math.random().toString(36).slice(2)}`;

    await panel.getByRole('button', { name: 'Add API client' }).click();
    await panel.getByLabel('Client ID').fill(requested);
    await panel.getByLabel('Secret', { exact: false }).first().fill(secret);
    await panel.getByRole('button', { name: 'Save' }).click();
    // The server appends a random ending to the requested id (docs/security.md).
    const cell = panel.getByRole('cell', { name: new RegExp(`^${requested}-[0-9a-f]{16}$`) });
    await expectVisible(cell, 'the new API client in the list');
    const clientId = (await cell.textContent())!.trim();
    expect(await panel.getByLabel('Client ID').count()).toBe(0);
    await screenshot(page, 'shell-api-clients');
    await expectNoSeriousAxeViolations(page);

    const tokenResponse = await fetch(`${baseUrl()}/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: secret,
        scope: 'partners-api',
      }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const me = await fetch(`${baseUrl()}/v2/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(who.email);

    // Deleting asks first and names the consequence; Escape cancels and keeps the client.
    const deleteButton = panel.getByRole('button', { name: `Delete API client ${clientId}` });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete API client' });
    await expectVisible(dialog, 'the delete confirmation');
    await expectVisible(
      dialog.getByText(`Tokens issued to ${clientId} stop working`, { exact: false }),
      'the consequence',
    );
    await untilStill(dialog);
    await screenshot(page, 'shell-api-client-delete-confirm');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await panel.getByRole('cell', { name: clientId, exact: true }).count()).toBe(1);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await panel.getByRole('cell', { name: clientId, exact: true }).waitFor({ state: 'detached' });
    const after = await fetch(`${baseUrl()}/v2/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status, 'the deleted client’s token').toBe(401);
  });

  test('a test notification arrives in the open pane without a reload and counts as unread', async () => {
    const { page } = session;
    // Only those who watch the system health may send one (TEST_NOTIFICATION_PERMISSION).
    await signInToShell('superUser');
    // Opening the pane fetches the list and marks what it holds read: the test notification
    // is sent once that answer is in, or it would be among those marked read.
    const listed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/v1/notifications' &&
        response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const pane = page.getByRole('complementary', { name: 'Notifications' });
    await expectVisible(pane, 'the notifications pane');
    await listed;
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const before = await pane.getByText('This is a test notification.').count();

    const panel = await openUserPanel(page, 'Home');
    await panel.getByRole('button', { name: 'Send test notification' }).click();
    await closeUserPanel(page);

    await expect
      .poll(() => pane.getByText('This is a test notification.').count(), { timeout: 15_000 })
      .toBe(before + 1);
    await expectVisible(
      page.getByRole('button', { name: 'Notifications (1 unread)' }),
      'the badge with 1 unread',
    );
    await screenshot(page, 'shell-notifications');
    await expectNoSeriousAxeViolations(page);

    // Opening the pane again marks everything read.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expectVisible(
      page.getByRole('button', { name: 'Notifications', exact: true }),
      'no unread badge',
    );

    // Clear all asks first; only the confirmation clears the list.
    await pane.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all notifications' });
    await expectVisible(dialog, 'the clear-all confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await pane.getByText('This is a test notification.').count()).toBeGreaterThan(0);
    await pane.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await expectVisible(pane.getByText('No notifications to show'), 'the empty pane');
  });

  test('a hub job notification opens the device overview when clicked', async () => {
    const { page } = session;
    await signInToShell('productSupport');
    const device = await deviceToSync(page);
    await apiAsUser<Job>(page, `/v2/devices/${device.id}/command/syncToHub`, { method: 'POST' });

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const pane = page.getByRole('complementary', { name: 'Notifications' });
    const link = pane.getByRole('link', { name: `for ${device.name}.` }).first();
    // The hub simulator ends the job within seconds; the notification arrives live.
    await expectVisible(link, 'the hub job notification', 30_000);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/devices/${device.id}/overview`);
    await expectVisible(
      page.getByRole('heading', { level: 2, name: 'Overview' }),
      'the device overview',
    );
    expect(await page.getByText('Page not found').count()).toBe(0);
  }, 60_000);

  test('feedback is sent, thanked, and the pane closes', async () => {
    const { page } = session;
    await signInToShell('credentialed');
    await page.getByRole('button', { name: 'Feedback' }).click();
    const pane = page.getByRole('complementary', { name: 'Feedback' });
    const submit = pane.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await pane.getByRole('button', { name: 'Happy' }).click();
    await pane.getByLabel('Your feedback').fill('The new shell is quick.');
    await screenshot(page, 'shell-feedback');
    await expectNoSeriousAxeViolations(page);
    await submit.click();
    await expectVisible(page.getByText('Thanks for submitting feedback!'), 'the thank-you toast');
    await pane.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Support' }).click();
    await expectVisible(page.getByText(/Phone \(available 24\/7\)/), 'the support phone line');
  });

  test('the three themes, and menu collapse surviving a reload', async () => {
    const { page } = session;
    await signInToShell('providerAdmin');
    try {
      for (const [theme, label] of [
        ['light', 'Light'],
        ['dark', 'Dark'],
        ['brand', 'Brand'],
      ] as const) {
        const panel = await openUserPanel(page, 'Settings');
        await chooseOption(panel, 'Theme', label);
        await closeUserPanel(page);
        await page.waitForFunction(
          (scheme) => document.documentElement.getAttribute('data-mantine-color-scheme') === scheme,
          theme === 'dark' ? 'dark' : 'light',
        );
        await screenshot(page, `shell-theme-${theme}`);
        await expectNoSeriousAxeViolations(page);
        if (theme === 'dark') await checkDarkDevicePages(page);
      }

      // The menu collapses at once; the reload must wait for the server to have saved it.
      const saved = page.waitForResponse(
        (res) =>
          res.request().method() === 'PUT' &&
          new URL(res.url()).pathname === '/v2/users/settings' &&
          (res.request().postData() ?? '').includes('menuCollapsed'),
      );
      await page.getByRole('button', { name: 'Collapse navigation' }).click();
      await expectVisible(
        page.getByRole('button', { name: 'Expand navigation' }),
        'the collapsed menu',
      );
      expect((await saved).status(), 'PUT /v2/users/settings').toBe(200);
      await page.reload();
      await waitForShell(page);
      await expectVisible(
        page.getByRole('button', { name: 'Expand navigation' }),
        'the menu still collapsed',
      );
      await screenshot(page, 'shell-menu-collapsed');
      await expectNoSeriousAxeViolations(page);
    } finally {
      const expand = page.getByRole('button', { name: 'Expand navigation' });
      if (await expand.isVisible()) await expand.click();
    }
  });

  test('the maintenance page links to /home while the portal is healthy', async () => {
    const { page } = session;
    await page.goto(`${baseUrl()}/maintenance`);
    await expectVisible(page.getByRole('link', { name: 'Go to Home' }), 'the link to /home');
    await expectNoSeriousAxeViolations(page);
  });

  test('a 503 from any call sends the user to the maintenance page, which explains it', async () => {
    const { page } = session;
    await signInToShell('salesSupport');
    // The server is replaced by an unavailable one for every API call from here on.
    await page.route(/\/(v1|v2|v2\.1|v3|health)(\/|\?|$)/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"statusCode":503,"error":"Service Unavailable","message":"Down for maintenance."}',
      }),
    );
    // Opening the notifications pane fetches them: that call answers 503. The home page may get
    // there first with a call of its own (its recent devices, its map once the page is quiet),
    // which sends the user to maintenance just the same: then the button is gone.
    await page
      .getByRole('button', { name: /^Notifications/ })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForURL(/\/maintenance$/, { timeout: 15_000 });
    await expectVisible(
      page.getByText(`${BRAND} is undergoing routine maintenance. Please check back soon.`),
      'the maintenance text',
    );
    await screenshot(page, 'shell-maintenance-503');
    await expectNoSeriousAxeViolations(page);
    // Opening the portal again runs the start-up health check, which fails the same way.
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL(/\/maintenance$/, { timeout: 15_000 });
    await page.unroute(/\/(v1|v2|v2\.1|v3|health)(\/|\?|$)/);
  });
});
