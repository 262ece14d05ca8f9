import type { Device, DeviceList, RoleKey } from '@aerie/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { BRAND, expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { untilStill } from './support/settle.js';
import { signInAsRole, waitForShell } from './support/shell.js';

const session = useBrowser();

const signInAs = (role: RoleKey) => signInAsRole(session.page, role);

/**
 * A Northwind device (seen by every demo role) with as much to show as the demo has: an active
 * subscription, past subscriptions, components and a position.
 */
async function richDevice(page: Page): Promise<Device> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=200&fields=Id,AccountName');
  let best: { device: Device; score: number } | null = null;
  for (const item of list.items.filter((i) => i.accountName?.startsWith('Northwind'))) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${item.id}`);
    const score =
      (device.activeSubscription ? 4 : 0) +
      (device.subscriptionHistory.length > 0 ? 8 : 0) +
      (device.location.coordinates ? 2 : 0) +
      (device.components.length > 0 ? 1 : 0);
    if (!best || score > best.score) best = { device, score };
    if (score === 15) break;
  }
  if (!best) throw new Error('the demo fleet has no Northwind device');
  return best.device;
}

/** Scrolls the detail pane (it scrolls on its own, over the page). */
async function scrollPane(page: Page, to: 'top' | 'bottom'): Promise<void> {
  await page.getByTestId('detail-pane').evaluate((pane, where) => {
    pane.scrollTop = where === 'top' ? 0 : pane.scrollHeight;
  }, to);
  await untilStill(page.getByTestId('detail-pane'));
}

/**
 * Resolves once the page has fetched the map's basemap (the world atlas), or after 30 s: the map
 * shows the pin without it, so this only makes the screenshots show the countries.
 */
function basemapFetched(page: Page): Promise<void> {
  return page
    .waitForResponse((res) => res.url().includes('/countries-50m'), { timeout: 30_000 })
    .then(
      () => undefined,
      () => undefined,
    );
}

const cardHeadings = (page: Page) =>
  page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allInnerTexts();

/** Waits for the device page's title, '{device name} / {section} · {brand}' (spec 001 §2). */
async function waitForTitle(page: Page, name: string, section: string): Promise<void> {
  const expected = `${name} / ${section} · ${BRAND}`;
  try {
    await page.waitForFunction((title) => document.title === title, expected, { timeout: 15_000 });
  } catch {
    throw new Error(`expected the title '${expected}', got '${await page.title()}'`);
  }
}

async function openOverview(page: Page, device: Device): Promise<void> {
  await page.goto(`${baseUrl()}/devices/${device.id}/overview`);
  await waitForShell(page);
  await expectVisible(
    page.getByRole('heading', { level: 2, name: 'Overview' }),
    'the Overview card',
  );
  await waitForTitle(page, device.name, 'Overview');
}

/** Renames through the Overview card's prompt and waits for the spec's toast. */
async function renameInUi(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Device Name' });
  await expectVisible(dialog, 'the edit name prompt');
  await dialog.getByRole('textbox', { name: /Device name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectVisible(page.getByText('Device name updated successfully!'), 'the success toast');
  await expectVisible(page.getByRole('heading', { level: 1, name }), 'the new name in the header');
}

describe('device overview and JSON', () => {
  test('Super User sees every card, renames the device, opens the history and the JSON', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('superUser');
    const device = await richDevice(page);
    try {
      const basemap = basemapFetched(page);
      await openOverview(page, device);

      const headings = await cardHeadings(page);
      for (const title of [
        'Overview',
        'Location',
        'Components',
        'Software',
        'Private Mode',
        'Subscription',
      ]) {
        expect(headings, `card ${title}`).toContain(title);
      }
      const status = page.getByRole('group', { name: 'Network status' });
      for (const network of ['Satellite', 'Cellular', 'Local WiFi']) {
        await expectVisible(
          status.getByRole('region', {
            name: new RegExp(`^${network}: (Online|Offline|Unknown)$`),
          }),
          `the ${network} status card`,
        );
      }
      // The map is drawn by MapLibre (WebGL through SwiftShader) with the bundled basemap.
      await expectVisible(
        page.locator('.maplibregl-canvas').or(page.getByText('Map not available.')),
        'the map or its message',
        30_000,
      );
      expect(await page.locator('.maplibregl-canvas').count(), 'a WebGL map').toBe(1);
      const pin = page.locator('.maplibregl-marker');
      await expectVisible(pin, 'the pin');
      const online =
        device.networkStatus.satelliteOnline === true ||
        device.networkStatus.cellularOnline === true;
      expect((await pin.innerHTML()).toLowerCase()).toContain(online ? '#65bd81' : '#ff5959');
      // The basemap arrives after the style loads.
      await basemap;
      await untilStill(page.getByTestId('map-card'));
      await screenshot(page, 'device-overview-super-user');
      await expectNoSeriousAxeViolations(page);

      // The offline basemap (countries) shows around the pin when zoomed out.
      for (let i = 0; i < 5; i += 1) {
        await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
        await untilStill(page.getByTestId('map-card'));
      }
      await page
        .getByTestId('map-card')
        .screenshot({ path: await screenshot(page, 'map-zoomed-out') });
      await page.getByRole('button', { name: 'Zoom to Device' }).click();
      await scrollPane(page, 'bottom');
      await screenshot(page, 'device-overview-super-user-lower');
      await scrollPane(page, 'top');

      const renamed = `${device.name} (renamed)`;
      await renameInUi(page, renamed);
      await waitForTitle(page, renamed, 'Overview');

      await page.getByRole('button', { name: 'Past Subscriptions' }).click();
      const history = page.getByRole('dialog', { name: 'Past Subscriptions' });
      await expectVisible(history, 'the history modal');
      if (device.subscriptionHistory.length > 0) {
        await expectVisible(history.getByRole('table'), 'the past subscriptions');
        const columns = await history.getByRole('columnheader').allInnerTexts();
        expect(columns).toContain('Supported Networks');
        expect(columns).toContain('Salesforce ID');
      } else {
        await expectVisible(
          history.getByText('No past subscriptions found for this device.'),
          'the empty history text',
        );
      }
      const box = await history.boundingBox();
      expect(box?.width).toBe(700);
      await screenshot(page, 'device-overview-history');
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'hidden' });

      await page.getByRole('tab', { name: 'JSON' }).click();
      await page.waitForURL((url) => url.pathname === `/devices/${device.id}/json`);
      await waitForTitle(page, renamed, 'JSON');
      const json = page.getByTestId('device-json');
      await expectVisible(json, 'the device JSON');
      expect(await json.innerText()).toContain(`"id": "${device.id}"`);
      // Keyboard: focus the networkStatus toggle and fold it with Enter.
      const toggle = page.getByRole('button', { name: 'Collapse networkStatus' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const folded = page.getByRole('button', { name: 'Expand networkStatus' });
      expect(await folded.getAttribute('aria-expanded')).toBe('false');
      expect(await json.innerText()).not.toContain('"satelliteOnline"');
      await page.keyboard.press('Space');
      expect(await json.innerText()).toContain('"satelliteOnline"');
      await page.getByRole('button', { name: 'Collapse all' }).click();
      expect(await json.innerText()).not.toContain('"currentVersion"');
      const danger = page.getByTestId('danger-zone');
      await expectVisible(danger, 'the Danger Zone');
      // Deleting is device-software.e2e.ts's; here only that the button is offered.
      expect(await danger.getByRole('button', { name: 'Delete Device' }).isEnabled()).toBe(true);
      await screenshot(page, 'device-json-super-user');
      await expectNoSeriousAxeViolations(page);
      await scrollPane(page, 'bottom');
      await screenshot(page, 'device-json-danger-zone');

      // The title follows the tabs as they are clicked (each tab is its own route).
      for (const section of ['Usage History', 'Overview']) {
        await page.getByRole('tab', { name: section }).click();
        await waitForTitle(page, renamed, section);
      }
    } finally {
      await apiAsUser(page, `/v2/devices/${device.id}`, {
        method: 'PUT',
        body: { name: device.name },
      });
    }
  });

  test('a raw factory device shows its warnings and copes with missing data', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('superUser');
    const raw = await apiAsUser<DeviceList>(
      page,
      '/v2/devices?query=test3&take=50&fields=Id,Serial',
    );
    const item = raw.items.find((i) => i.serial === null);
    expect(item, 'the demo fleet has raw test3 devices').toBeDefined();
    const device = await apiAsUser<Device>(page, `/v2/devices/${item!.id}`);
    await openOverview(page, device);
    const warnings = page.getByRole('group', { name: 'Device warnings' });
    await expectVisible(
      warnings.getByText('This is a raw Test3 device straight out of the factory...'),
      'the raw Test3 warning',
    );
    if (!device.activeSubscription) {
      await expectVisible(
        warnings.getByText(
          'This device does not have a subscription. Desired state is not NMS state.',
        ),
        'the subscription warning',
      );
      await expectVisible(
        page.getByText('No active subscription found.'),
        'the empty subscription',
      );
    }
    if (!device.salesforceAssetId) {
      await expectVisible(
        warnings.getByText('This device has not been synchronized with Salesforce.'),
        'the Salesforce warning',
      );
    }
    if (!device.location.coordinates) {
      await expectVisible(
        page.getByText('Coordinates for this device are missing.'),
        'the missing coordinates text',
      );
    }
    if (device.components.length === 0) {
      await expectVisible(
        page.getByText('This Device is not associated with any Components.'),
        'the empty components text',
      );
    }
    await screenshot(page, 'device-overview-raw-test3');
    await expectNoSeriousAxeViolations(page);
  });

  test('Credentialed renames but sees no JSON tab, Private Mode card or subscription links', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs('credentialed');
    const device = await richDevice(page);
    try {
      const basemap = basemapFetched(page);
      await openOverview(page, device);
      const tabs = await page
        .getByRole('tablist', { name: 'Device sections' })
        .getByRole('tab')
        .allInnerTexts();
      expect(tabs).toEqual(['Overview', 'Service Configuration', 'Usage History', 'Metrics']);
      const headings = await cardHeadings(page);
      expect(headings).not.toContain('Private Mode');
      for (const title of ['Overview', 'Location', 'Components', 'Subscription'])
        expect(headings, `card ${title}`).toContain(title);
      expect(await page.getByRole('link', { name: 'View Subscription' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Past Subscriptions' }).count()).toBe(0);
      if (device.location.coordinates) {
        await expectVisible(page.locator('.maplibregl-marker'), 'the pin', 30_000);
        await basemap;
        await untilStill(page.getByTestId('map-card'));
      }
      await screenshot(page, 'device-overview-credentialed');
      await expectNoSeriousAxeViolations(page);

      await renameInUi(page, `${device.name} by crew`);

      // A role without the JSON tab lands on the overview, told why.
      const overview = `/devices/${device.id}/overview`;
      await page.goto(`${baseUrl()}/devices/${device.id}/json`);
      await waitForShell(page);
      await page.waitForURL((url) => url.pathname === overview);
      await expectVisible(
        page.getByText('Device JSON is not available for your role.'),
        'the notice saying why',
      );
      expect(await page.getByTestId('device-json').count()).toBe(0);
      await waitForTitle(page, `${device.name} by crew`, 'Overview');
      await screenshot(page, 'device-json-denied-notice');

      // The device's own address opens its overview.
      await page.goto(`${baseUrl()}/devices/${device.id}`);
      await waitForShell(page);
      await page.waitForURL((url) => url.pathname === overview);
      await waitForTitle(page, `${device.name} by crew`, 'Overview');
    } finally {
      await apiAsUser(page, `/v2/devices/${device.id}`, {
        method: 'PUT',
        body: { name: device.name },
      });
    }
  });
});
