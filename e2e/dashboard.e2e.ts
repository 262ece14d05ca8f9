import type { DeviceList, Subscription, SubscriptionList } from '@aerie/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { chooseOption, signInAsRole, waitForShell, withDarkTheme } from './support/shell.js';

const session = useBrowser();

const chooser = (page: Page) => page.getByRole('combobox', { name: 'Dashboard' });

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/dashboard`);
  await waitForShell(page);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Dashboard' }), 'the title');
}

async function addDashboard(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dashboard' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The dashboards the dropdown offers, in order. */
async function dashboardNames(page: Page): Promise<string[]> {
  await chooser(page).click();
  const names = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return names;
}

describe('personal dashboards (/dashboard, kept in the browser)', () => {
  test("a first visit creates 'My Dashboard'; add, restore after reload, delete, the last one stays", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsRole(page, 'credentialed');
    await openDashboard(page);
    expect(await chooser(page).inputValue()).toBe('My Dashboard');
    await screenshot(page, 'dashboard-first');
    await expectNoSeriousAxeViolations(page);

    // The name prompt: a placeholder example and at most 255 characters.
    await page.getByRole('button', { name: 'Add dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.getAttribute('placeholder')).toBe('e.g. Atlantic fleet');
    expect(await name.getAttribute('maxlength')).toBe('255');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectVisible(dialog.getByText('Give the dashboard a name.'), 'the name error');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addDashboard(page, 'Atlantic fleet');
    expect(await chooser(page).inputValue()).toBe('Atlantic fleet');
    expect(await dashboardNames(page)).toEqual(['My Dashboard', 'Atlantic fleet']);

    // The last dashboard is restored at the next load.
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => chooser(page).inputValue()).toBe('Atlantic fleet');

    // Deleting asks first, then selects the first remaining dashboard.
    await page.getByRole('button', { name: 'Delete dashboard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this dashboard?' });
    await expectVisible(confirm.getByText(/"Atlantic fleet" and its widgets are removed/), 'why');
    await confirm.getByRole('button', { name: 'Delete dashboard' }).click();
    await expect.poll(() => chooser(page).inputValue()).toBe('My Dashboard');
    expect(await dashboardNames(page)).toEqual(['My Dashboard']);

    // The last one cannot be deleted.
    await page.getByRole('button', { name: 'Delete dashboard' }).click();
    await expectVisible(
      page.getByText('You cannot delete your last dashboard'),
      'the message about the last dashboard',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await dashboardNames(page)).toEqual(['My Dashboard']);
  });

  test("choosing a dashboard, and reset back to one 'My Dashboard'", async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin');
    await openDashboard(page);
    await addDashboard(page, 'Rail');
    await addDashboard(page, 'Vessels');
    await chooseOption(page.getByRole('main'), 'Dashboard', 'Rail');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => chooser(page).inputValue()).toBe('Rail');

    await page.getByRole('button', { name: 'Reset dashboards' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset all dashboards?' });
    await confirm.getByRole('button', { name: 'Reset dashboards' }).click();
    await expect.poll(() => chooser(page).inputValue()).toBe('My Dashboard');
    expect(await dashboardNames(page)).toEqual(['My Dashboard']);
  });

  test('full screen shows the dashboard alone, or says the browser cannot', async () => {
    const { page, context } = session;
    await signInAsRole(page, 'superUser');
    await openDashboard(page);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.waitForFunction(
      () => document.fullscreenElement?.getAttribute('data-testid') === 'dashboard-board',
    );
    await page.evaluate(() => document.exitFullscreen());

    // A browser without the Fullscreen API.
    await context.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
    });
    await openDashboard(page);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expectVisible(
      page.getByText('Full screen is not supported in your browser.'),
      'the message',
    );
  });

  test('pinning devices from their pages: a tile and a list with live state, kept after reload, rearranged by keyboard and mouse, removed', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsRole(page, 'accountAdmin');
    const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=2&fields=Id,Name');
    const [a, b] = list.items;
    if (!a?.id || !a.name || !b?.id || !b.name)
      throw new Error('the demo fleet has too few devices');
    const first = { id: a.id, name: a.name };
    const second = { id: b.id, name: b.name };

    // pinToDash from the device page: as a tile, then the second device as a list.
    const pin = async (id: string, name: string, as: string) => {
      await page.goto(`${baseUrl()}/devices/${id}/overview`);
      await waitForShell(page);
      await expectVisible(page.getByRole('heading', { level: 1, name }), 'the device');
      await page.getByRole('button', { name: 'Pin to dashboard' }).click();
      await expectVisible(page.getByText('To "My Dashboard"'), 'the dashboard it pins to');
      await screenshot(page, 'device-pin-menu', { fullPage: false });
      await page.getByRole('menuitem', { name: as }).click();
      await expectVisible(
        page.getByText(`${name} is pinned to "My Dashboard".`),
        'the confirmation',
      );
    };
    await pin(first.id, first.name, 'As a tile (1x1)');
    // Pinning the same device the same way again adds nothing.
    await page.getByRole('button', { name: 'Pin to dashboard' }).click();
    await page.getByRole('menuitem', { name: /As a tile \(1x1\)/ }).click();
    await expectVisible(
      page.getByText(`${first.name} is already on "My Dashboard" in this form.`),
      'the refusal',
    );
    await pin(second.id, second.name, 'As a list (3x6)');

    await openDashboard(page);
    await page.reload();
    await waitForShell(page);
    const widgets = page.getByTestId('dashboard-widget');
    await expect.poll(() => widgets.count()).toBe(2);
    const tile = page.getByRole('listitem', { name: first.name });
    const listWidget = page.getByRole('listitem', { name: second.name });
    expect(await tile.getAttribute('data-size')).toBe('1x1');
    expect(await tile.getAttribute('data-location')).toBe('0,0');
    expect(await listWidget.getAttribute('data-size')).toBe('3x6');
    expect(await listWidget.getAttribute('data-location')).toBe('1,0');
    // Live data: the tile's state and last report, the list's usage this month.
    await expectVisible(tile.getByText(/^Last report: /), "the tile's last report");
    await expect
      .poll(() => tile.locator('[data-state]').count(), {
        message: 'satellite and cellular states',
      })
      .toBe(2);
    await expectVisible(listWidget.getByText('Usage this month'), "the list's usage label");
    await expect
      .poll(() => listWidget.getByText(/ satellite, .* cellular$/).count(), {
        message: "the month's usage",
      })
      .toBe(1);
    await screenshot(page, 'dashboard-widgets');
    await expectNoSeriousAxeViolations(page);

    // The keyboard: the tile moves right past the list, to the last column, then down; the
    // list grows wider until the tile is in the way.
    const moveTile = page.getByRole('button', { name: `Move ${first.name}`, exact: true });
    await moveTile.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tile.getAttribute('data-location')).toBe('4,0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => tile.getAttribute('data-location')).toBe('5,1');
    await expectVisible(page.getByText('Moved to column 6, row 2.'), 'the announcement');
    expect(await moveTile.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: `Resize ${second.name}` }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => listWidget.getAttribute('data-size')).toBe('4x6');
    await page.keyboard.press('ArrowRight');
    await expectVisible(
      page.getByText('Another widget or the edge of the grid is in the way.'),
      'the refusal',
    );
    expect(await listWidget.getAttribute('data-size')).toBe('4x6');

    // The mouse: drag the tile by its grip to the first column, two rows down.
    const grip = await moveTile.boundingBox();
    const gridBox = await page.getByRole('list', { name: 'Widgets of My Dashboard' }).boundingBox();
    if (!grip || !gridBox) throw new Error('the grid is not drawn');
    const column = (gridBox.width + 12) / 6;
    const row = 96 + 12;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x - 5 * column + 8, grip.y + 2 * row + 8, { steps: 6 });
    await expectVisible(page.getByTestId('widget-drop-preview'), 'where the tile would land');
    await page.mouse.up();
    await expect.poll(() => tile.getAttribute('data-location')).toBe('0,3');
    // ...and the list's corner one row shorter.
    const corner = await page.getByRole('button', { name: `Resize ${second.name}` }).boundingBox();
    if (!corner) throw new Error('no resize handle');
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x + corner.width / 2, corner.y - row + 4, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => listWidget.getAttribute('data-size')).toBe('4x5');

    // Kept after reload, in dark mode too.
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => tile.getAttribute('data-location')).toBe('0,3');
    expect(await listWidget.getAttribute('data-size')).toBe('4x5');
    // The theme is the user's saved setting: dark for the screenshot, then back.
    await withDarkTheme(page, async () => {
      await expectVisible(tile.getByText(/^Last report: /), "the tile's last report");
      await screenshot(page, 'dashboard-widgets-dark');
      await expectNoSeriousAxeViolations(page);
    });

    // At a phone's width: one column in reading order, the handles hidden.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitForShell(page);
    await expectVisible(tile, 'the tile');
    await expect.poll(() => moveTile.isVisible()).toBe(false);
    await expectVisible(tile.getByText(/^Last report: /), "the tile's last report");
    await screenshot(page, 'dashboard-widgets-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A click on the name opens the device; removing the widget leaves the other.
    await tile.getByRole('link', { name: first.name }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${first.id}/overview`);
    await openDashboard(page);
    await page.getByRole('button', { name: `Remove ${first.name} from the dashboard` }).click();
    await expect.poll(() => widgets.count()).toBe(1);
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => widgets.count()).toBe(1);
    // The widget's frame may still be loading its list just after the reload: wait for it.
    await expect.poll(() => listWidget.isVisible()).toBe(true);
  });

  test('pinning a subscription: its month against the data limit, its terminals, a link to its page', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsRole(page, 'accountAdmin');
    const list = await apiAsUser<SubscriptionList>(
      page,
      '/v3/subscriptions?take=50&sortField=EndDate&sortDirection=DESC',
    );
    let subscription: Subscription | null = null;
    for (const item of list.items) {
      const s = await apiAsUser<Subscription>(page, `/v3/subscriptions/${item.id}`);
      if (s.active && s.dataLimitInGb !== null && s.dataLimitInGb !== 9999) {
        subscription = s;
        break;
      }
    }
    if (!subscription) throw new Error('no current subscription with a data limit');
    const s = subscription;
    for (const as of ['As a tile (1x1)', 'As a list (3x6)']) {
      await page.goto(`${baseUrl()}/subscriptions/${s.id}/overview`);
      await waitForShell(page);
      await expectVisible(page.getByRole('heading', { level: 1, name: s.description }), 'the page');
      await page.getByRole('button', { name: 'Pin to dashboard' }).click();
      await page.getByRole('menuitem', { name: as }).click();
      await expectVisible(
        page.getByText(`${s.description} is pinned to "My Dashboard".`),
        'the confirmation',
      );
    }
    await openDashboard(page);
    const widgets = page.getByRole('listitem', { name: s.description });
    await expect.poll(() => widgets.count()).toBe(2);
    const now = new Date();
    const month = s.monthlyUsageHistory.find(
      (u) => u.year === now.getUTCFullYear() && u.month === now.getUTCMonth() + 1,
    );
    const percent = Math.min(
      100,
      Math.floor(((month?.value ?? 0) / (s.dataLimitInGb! * 1e9)) * 100),
    );
    const tile = page.getByTestId('subscription-widget-single');
    await expectVisible(
      tile.getByText(new RegExp(`of ${s.dataLimitInGb} GB \\(${percent}%\\)$`)),
      'the usage',
    );
    await expectVisible(
      tile.getByRole('progressbar', { name: `${percent}% of the data limit used this month` }),
      'the usage bar',
    );
    const listed = page.getByTestId('subscription-widget-list');
    await expectVisible(listed.getByText(s.accountName, { exact: true }), 'the account');
    await screenshot(page, 'dashboard-subscription-widgets', { fullPage: false });
    await expectNoSeriousAxeViolations(page);
    await widgets.first().getByRole('link', { name: s.description }).click();
    await page.waitForURL((url) => url.pathname === `/subscriptions/${s.id}/overview`);
  });
});
