import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceList, FleetSummary } from '@aerie/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { screenshot, useBrowser } from './support/browser.js';
import { repoRoot } from './support/paths.js';
import { chooseOption, closeUserPanel, openUserPanel, signInAsRole } from './support/shell.js';

const session = useBrowser();

/** The map is WebGL drawn by SwiftShader, clustering 1,500 devices on two shared cores. */
const MAP_TESTS = { timeout: 120_000 };

const tiles = (page: Page): Locator => page.getByRole('list', { name: 'Overview tiles' });
const fleetMap = (page: Page): Locator => page.getByTestId('fleet-map');

/** The number in a text such as "1,234 devices on the map". */
const numberIn = (text: string): number =>
  Number((/[\d,]+/.exec(text)?.[0] ?? '').replace(/,/g, ''));

/** Waits until the map has settled with its devices drawn (it names what it shows on itself). */
async function mapSettled(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const map = document.querySelector<HTMLElement>('[data-testid="fleet-map"]');
      return Boolean(map?.dataset.seeded && map.dataset.clusters !== undefined);
    },
    undefined,
    { timeout },
  );
}

async function mapData(page: Page): Promise<Record<string, string | undefined>> {
  return fleetMap(page).evaluate((el) => ({ ...el.dataset }));
}

/** Clicks the map at `x,y` (a position the map wrote in its data attributes). */
async function clickMapAt(page: Page, at: string): Promise<void> {
  const [x, y] = at.split(',').map(Number);
  const box = await fleetMap(page).boundingBox();
  if (!box || x === undefined || y === undefined) throw new Error(`no map position ${at}`);
  await page.mouse.click(box.x + x, box.y + y);
}

describe('home', MAP_TESTS, () => {
  test('the Paused Devices, Monthly Active Users and Accounts tiles are for Super User and the brand Admin', async () => {
    const { page } = session;
    await signInAsRole(page, 'superUser');
    await expectVisible(tiles(page).getByText('Paused Devices'), 'the Paused Devices tile');
    await expectVisible(tiles(page).getByText('Monthly Active Users'), 'the users tile');
    await expectVisible(tiles(page).getByText('Accounts', { exact: true }), 'the Accounts tile');

    const other = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const otherPage = await other.newPage();
      await signInAsRole(otherPage, 'credentialed');
      await expectVisible(tiles(otherPage).getByText('Satellite Online'), 'the overview tiles');
      expect(await tiles(otherPage).getByText('Paused Devices').count()).toBe(0);
      expect(await tiles(otherPage).getByText('Monthly Active Users').count()).toBe(0);
      expect(await tiles(otherPage).getByText('Accounts', { exact: true }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('each fleet summary figure opens the device list with its filter, showing as many devices', async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin');
    const summary = await apiAsUser<FleetSummary>(page, '/v2/devices/fleetSummary');
    const region = page.getByRole('region', { name: 'Fleet summary' });
    await expectVisible(region.getByTestId('fleet-offline'), 'the Offline tile');
    expect(numberIn(await region.getByTestId('fleet-offline').innerText())).toBe(summary.offline);

    for (const [testId, state, expected] of [
      ['fleet-offline', 'Offline', summary.offline],
      ['fleet-offlineOver24h', 'OfflineOver24h', summary.offlineOver24h],
    ] as const) {
      await expectVisible(region.getByTestId(testId), `the ${state} tile`);
      await region.getByTestId(testId).click();
      await page.waitForURL((url) => url.pathname === '/devices');
      expect(new URL(page.url()).searchParams.get('state')).toBe(state);
      const list = await apiAsUser<DeviceList>(page, `/v2/devices?take=1&filters=State:${state}`);
      expect(list.total).toBe(expected);
      await page.waitForSelector('table[aria-label="Devices"][aria-busy="false"]');
      const total = page.locator('main').getByText(/^[\d,]+ devices?$/);
      await expectVisible(total, 'the list total');
      expect(numberIn(await total.innerText())).toBe(expected);
      expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).not.toBe('All');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/home');
    }
  });

  test('the fleet map draws clusters, the online-only filter changes the count, a device opens', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAsRole(page, 'providerAdmin');
    const card = page.getByTestId('fleet-map-card');
    await card.scrollIntoViewIfNeeded();
    const count = page.getByTestId('fleet-map-count');
    await expectVisible(count, 'the count of devices on the map', 60_000);
    const all = numberIn(await count.innerText());
    expect(all).toBeGreaterThan(100);
    // The first view, drawn at once without WebGL from the server's clusters of the whole
    // fleet (the WebGL map takes over once the page has been quiet, or at the pointer).
    const preview = page.getByRole('application', { name: /^Map of your devices: / });
    expect(await preview.getAttribute('aria-label')).toMatch(
      new RegExp(`^Map of your devices: ${all.toLocaleString('en-US')} devices in \\d+ places\\.`),
    );
    expect(await preview.locator('circle').count()).toBeGreaterThan(0);
    await mapSettled(page);
    await expect.poll(() => page.getByTestId('fleet-map-preview').count()).toBe(0);
    const first = await mapData(page);
    expect(Number(first.clusters)).toBeGreaterThan(0);
    expect(Number(first.seeded)).toBe(all);

    await card.getByRole('switch', { name: 'Online only' }).click();
    await page.waitForFunction((n) => {
      const el = document.querySelector('[data-testid="fleet-map-count"]');
      return el && !el.textContent?.startsWith(n.toLocaleString('en-US') + ' ');
    }, all);
    const online = numberIn(await count.innerText());
    expect(online).toBeLessThan(all);
    expect(online).toBeGreaterThan(0);
    await page.waitForFunction(
      (n) =>
        document.querySelector<HTMLElement>('[data-testid="fleet-map"]')?.dataset.seeded ===
        String(n),
      online,
    );
    await card.getByRole('switch', { name: 'Online only' }).click();
    await page.waitForFunction(
      (n) =>
        document.querySelector<HTMLElement>('[data-testid="fleet-map"]')?.dataset.seeded ===
        String(n),
      all,
    );

    // A cluster zooms in when clicked; close enough, single devices show, and one opens.
    for (let step = 0; step < 12; step += 1) {
      await mapSettled(page);
      const data = await mapData(page);
      if (data.firstDevice) {
        await clickMapAt(page, data.firstDevice);
        break;
      }
      if (!data.firstCluster) throw new Error('the map shows neither clusters nor devices');
      const zoom = data.zoom;
      await clickMapAt(page, data.firstCluster);
      await page.waitForFunction(
        (z) => document.querySelector<HTMLElement>('[data-testid="fleet-map"]')?.dataset.zoom !== z,
        zoom,
        { timeout: 15_000 },
      );
    }
    await page.waitForURL(/\/devices\/[0-9a-f-]{36}\/overview$/, { timeout: 15_000 });
  });

  test('the first view is a map at once: it moves, zooms and opens a device while the WebGL map loads, which then opens where it was left', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    // The WebGL map's chunk (MapLibre) is held back: everything below is the first view's own.
    const held: Route[] = [];
    const chunk = /\/assets\/device-map-[\w-]+\.js$/;
    const hold = (route: Route): void => void held.push(route);
    await page.route(chunk, hold);
    const preview = page.getByRole('application', { name: /^Map of your devices: / });
    const settledView = async (): Promise<{ zoom: number; center: number[] }> => {
      await page.waitForSelector('[data-testid="fleet-map-preview"][data-settled="true"]');
      return preview.evaluate((el: HTMLElement) => ({
        zoom: Number(el.dataset.zoom),
        center: (el.dataset.center ?? '').split(',').map(Number),
      }));
    };
    const viewAsked = (): Promise<unknown> =>
      page.waitForRequest(
        (request) =>
          request.url().includes('/v2/devices/map/clusters') &&
          // Not the whole fleet's query (the count and the fitted view).
          new URL(request.url()).searchParams.get('north') !== '85',
      );
    try {
      await signInAsRole(page, 'providerAdmin');
      await expectVisible(preview, 'the first view', 60_000);
      await preview.scrollIntoViewIfNeeded();
      const fitted = await settledView();
      await screenshot(page, 'home-first-view');
      await expectNoSeriousAxeViolations(page);

      // A drag to the right shows what lies to the west, and asks for that view's clusters.
      const box = await preview.boundingBox();
      if (!box) throw new Error('the first view has no box');
      let asked = viewAsked();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 10, {
        steps: 6,
      });
      await page.mouse.up();
      await asked;
      const dragged = await settledView();
      expect(dragged.zoom).toBe(fitted.zoom);
      expect(dragged.center[0]).toBeLessThan(fitted.center[0]!);

      // The keys: + zooms in a step, an arrow moves the view.
      await preview.focus();
      asked = viewAsked();
      await page.keyboard.press('+');
      await asked;
      const zoomed = await settledView();
      expect(zoomed.zoom).toBeCloseTo(dragged.zoom + 1, 2);
      asked = viewAsked();
      await page.keyboard.press('ArrowUp');
      await asked;
      expect((await settledView()).center[1]).toBeGreaterThan(zoomed.center[1]!);
      const left = await settledView();

      // Let the WebGL map load: it takes over in the view the first view was left in.
      await page.unroute(chunk, hold);
      for (const route of held.splice(0)) await route.continue();
      await mapSettled(page);
      await expect.poll(() => page.getByTestId('fleet-map-preview').count()).toBe(0);
      expect(Number((await mapData(page)).zoom)).toBeCloseTo(left.zoom, 2);

      // Again with the WebGL map held back: a group zooms in when clicked until single devices
      // show, and a device opens.
      await page.route(chunk, hold);
      await page.goto(`${new URL(page.url()).origin}/home`);
      await expectVisible(preview, 'the first view', 60_000);
      await preview.scrollIntoViewIfNeeded();
      for (let step = 0; step < 14; step += 1) {
        const { zoom } = await settledView();
        const device = preview.locator('[data-device]').first();
        if ((await device.count()) > 0) {
          await device.click();
          break;
        }
        asked = viewAsked();
        await preview.locator('[data-cluster]').first().click();
        await asked;
        expect((await settledView()).zoom).toBeGreaterThan(zoom);
      }
      await page.waitForURL(/\/devices\/[0-9a-f-]{36}\/overview$/, { timeout: 15_000 });
    } finally {
      await page.unroute(chunk, hold);
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    }
  });

  test('home at 1440x900 in the light and the dark theme (screenshots kept in docs/images)', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRole(page, 'providerAdmin');
    const countries = page
      .waitForResponse((res) => res.url().includes('/countries-50m'), { timeout: 60_000 })
      .catch(() => undefined);
    await page.getByTestId('fleet-map-card').scrollIntoViewIfNeeded();
    await mapSettled(page);
    await countries;
    await mapSettled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const light = await screenshot(page, 'home-light');
    copyFileSync(light, join(repoRoot, 'docs/images/home.png'));
    await expectNoSeriousAxeViolations(page);

    const settings = await openUserPanel(page, 'Settings');
    const theme = await settings.getByRole('combobox', { name: 'Theme' }).inputValue();
    try {
      const panel = await openUserPanel(page, 'Settings');
      await chooseOption(panel, 'Theme', 'Dark');
      await closeUserPanel(page);
      await page.waitForSelector('html[data-mantine-color-scheme="dark"]');
      await page.waitForSelector('[data-testid="fleet-map"][data-basemap="dark"]');
      await mapSettled(page);
      const dark = await screenshot(page, 'home-dark');
      copyFileSync(dark, join(repoRoot, 'docs/images/home-dark.png'));
      await expectNoSeriousAxeViolations(page);
    } finally {
      const panel = await openUserPanel(page, 'Settings');
      await chooseOption(panel, 'Theme', theme);
      await closeUserPanel(page);
    }
  });
});
