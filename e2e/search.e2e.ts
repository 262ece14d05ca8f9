import type { Device, DeviceList, SearchResults } from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { screenshot, useBrowser } from './support/browser.js';
import { chooseOption, closeUserPanel, openUserPanel, signInAsRole } from './support/shell.js';

const session = useBrowser();

const box = (page: Page): Locator =>
  page.getByRole('combobox', { name: 'Search devices, subscriptions and documents' });
const list = (page: Page): Locator =>
  page.getByRole('listbox', { name: 'Search devices, subscriptions and documents' });
const option = (page: Page, name: string | RegExp): Locator =>
  list(page).getByRole('option', { name });

/** A device of the signed-in user with its serial and a component's serial. */
async function someDevice(page: Page): Promise<Device> {
  const first = await apiAsUser<DeviceList>(page, '/v2/devices?take=25&sortField=Serial');
  for (const item of first.items) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${item.id}`);
    if (device.serial && device.components.some((c) => c.type === 'HybridImei' && c.serial)) {
      return device;
    }
  }
  throw new Error('no device with a serial and an IMEI');
}

/** The heading of the device page names the device. */
async function onDevicePage(page: Page, device: Device): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/devices/${device.id}/overview`, {
    timeout: 30_000,
  });
  await expectVisible(page.getByRole('heading', { name: device.name, level: 1 }), 'the device');
}

describe('global search', () => {
  // NOTE: this user searches nowhere else, so a retry finds the history as empty.
  test('a user who never searched sees "No history yet.", also with two characters typed', async () => {
    const { page } = session;
    await signInAsRole(page, 'credentialed');
    // `/` focuses the box from anywhere.
    await page.keyboard.press('/');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectVisible(page.getByText('No history yet.'), 'the empty history');
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    // Two characters search nothing.
    await page.keyboard.type('GO');
    await expectVisible(page.getByText('No history yet.'), 'still the history');
    expect(await list(page).getByRole('group', { name: 'Devices' }).count()).toBe(0);
  });

  test('keyboard only: the shortcut, history and recent results, arrows, Enter and Escape', async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin');
    const device = await someDevice(page);

    // `/` focuses the box from anywhere; the search runs after the pause.
    await page.keyboard.press('/');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    const serial = device.serial!;
    await page.keyboard.type(serial);
    const found = option(page, new RegExp(`^${device.name}`));
    await expectVisible(found, 'the device found by serial');
    await expectVisible(found.getByText(`Serial ${serial}`), 'what matched');

    // Arrow down makes it the active option (the box names it), Enter opens it.
    await page.keyboard.press('ArrowDown');
    const activeId = await box(page).getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await onDevicePage(page, device);

    // Ctrl+K: the term is in the history and the device in the recent results.
    await page.keyboard.press('Control+k');
    await expectVisible(list(page).getByRole('group', { name: 'Recent searches' }), 'history');
    await expectVisible(option(page, serial), 'the term');
    await expectVisible(
      list(page)
        .getByRole('group', { name: 'Recent results' })
        .getByRole('option', {
          name: new RegExp(device.name),
        }),
      'the recent result',
    );
    await screenshot(page, 'search-history');

    // A term that matches nothing says so; Escape closes, then clears.
    await page.keyboard.type('zq#nothing');
    await expectVisible(page.getByText('No results were found.'), 'the empty result');
    await page.keyboard.press('Escape');
    await expect.poll(() => list(page).isVisible()).toBe(false);
    expect(await box(page).inputValue()).toBe('zq#nothing');
    await page.keyboard.press('Escape');
    expect(await box(page).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(false);

    // A past term searches again; picking a recent result opens it.
    await page.keyboard.press('Control+k');
    await option(page, serial).click();
    expect(await box(page).inputValue()).toBe(serial);
    await expectVisible(option(page, new RegExp(`^${device.name}`)), 'the device again');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/home');
    // The shortcut selects what the box holds: one key clears it, and the history is back.
    await page.keyboard.press('Control+k');
    await expect
      .poll(() =>
        box(page).evaluate(
          (el) =>
            el === document.activeElement &&
            (el as HTMLInputElement).selectionStart === 0 &&
            (el as HTMLInputElement).selectionEnd === (el as HTMLInputElement).value.length,
        ),
      )
      .toBe(true);
    await page.keyboard.press('Backspace');
    expect(await box(page).inputValue()).toBe('');
    await list(page)
      .getByRole('group', { name: 'Recent results' })
      .getByRole('option', { name: new RegExp(device.name) })
      .click();
    await onDevicePage(page, device);
  });

  test('a repeated term moves to the front of the history', async () => {
    const { page } = session;
    await signInAsRole(page, 'productSupport');
    const device = await someDevice(page);
    const imei = device.components.find((c) => c.type === 'HybridImei')!.serial;
    const search = async (term: string, pick: RegExp) => {
      await box(page).click();
      await box(page).fill(term);
      await option(page, pick).first().click();
      await onDevicePage(page, device);
    };
    await search(device.serial!, new RegExp(`^${device.name}`));
    await search(imei, new RegExp(`IMEI ${imei}`));
    await search(device.serial!, new RegExp(`^${device.name}`));
    await box(page).click();
    const terms = list(page).getByRole('group', { name: 'Recent searches' }).getByRole('option');
    await expect.poll(() => terms.allInnerTexts()).toEqual([device.serial, imei]);
  });

  test('each kind of result opens its page: a device by IMEI, a remote by its id, a subscription', async () => {
    const { page } = session;
    await signInAsRole(page, 'superUser');
    const device = await someDevice(page);
    const imei = device.components.find((c) => c.type === 'HybridImei')!.serial;

    await box(page).click();
    await box(page).fill(imei);
    await option(page, new RegExp(`IMEI ${imei}`)).click();
    await onDevicePage(page, device);

    await box(page).click();
    await box(page).fill(device.id);
    await option(page, new RegExp(`Remote ID ${device.id}`)).click();
    await onDevicePage(page, device);

    const results = await apiAsUser<SearchResults>(page, '/v2/search?searchTerm=SUB&take=1');
    const subscription = results.subscriptions[0];
    expect(subscription, 'a subscription numbered SUB…').toBeDefined();
    await box(page).click();
    await box(page).fill(subscription!.subscriptionNumber!);
    await option(page, new RegExp(subscription!.subscriptionNumber!)).first().click();
    await page.waitForURL((url) => url.pathname === `/subscriptions/${subscription!.id}/overview`, {
      timeout: 30_000,
    });
  });

  test('on a phone the button opens the box over the header; dark mode passes axe', async () => {
    const { page } = session;
    await signInAsRole(page, 'superUser');
    const device = await someDevice(page);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(() => box(page).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expectVisible(box(page), 'the box over the header');
      await box(page).fill(device.name.slice(0, 6));
      await expectVisible(option(page, new RegExp(`^${device.name}`)), 'a result');
      await screenshot(page, 'search-phone');
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Close search' }).click();
      await expect.poll(() => box(page).isVisible()).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    const panel = await openUserPanel(page, 'Settings');
    const before = await panel.getByRole('combobox', { name: 'Theme' }).inputValue();
    await chooseOption(panel, 'Theme', 'Dark');
    await closeUserPanel(page);
    try {
      await page.waitForSelector('html[data-mantine-color-scheme="dark"]');
      await box(page).click();
      await box(page).fill(device.serial!);
      await expectVisible(option(page, new RegExp(`^${device.name}`)), 'a result');
      await screenshot(page, 'search-dark');
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
    } finally {
      const again = await openUserPanel(page, 'Settings');
      await chooseOption(again, 'Theme', before);
      await closeUserPanel(page);
    }
  });
});
