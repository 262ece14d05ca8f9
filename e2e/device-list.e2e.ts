import { readFile } from 'node:fs/promises';
import type { DeviceList, RoleKey } from '@aerie/contract';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apiAsUser } from './support/api.js';
import { demoUsers, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { chooseOption, closeUserPanel, openUserPanel, waitForShell } from './support/shell.js';

const session = useBrowser();

const CSV_HEADER =
  'Id,Name,Serial,KPC,Account,SatelliteOnline,CellularOnline,GeoModem.Serial,Antenna.Serial,HybridRouter.Serial';
const DEFAULT_HEADERS = ['Name', 'Serial', 'KPC', 'Account', 'Satellite', 'Cellular'];

function userOf(role: RoleKey) {
  const found = demoUsers.find((u) => u.role === role);
  if (!found) throw new Error(`no demo user with role ${role}`);
  return found;
}

/** A page request of the list (not the export's take=10000). */
function isListResponse(response: Response): boolean {
  const url = new URL(response.url());
  return (
    url.pathname === '/v2/devices' &&
    response.request().method() === 'GET' &&
    url.searchParams.get('take') !== '10000'
  );
}

const table = (page: Page): Locator => page.getByRole('table', { name: 'Devices' });
const main = (page: Page): Locator => page.locator('main');

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('table[aria-label="Devices"][aria-busy="false"]');
}

/**
 * Does something on the list, waits for the list request it causes (checked by `expected`
 * on its query) and for the table to show the answer; returns the answer.
 */
async function listAfter(
  page: Page,
  action: () => Promise<unknown>,
  expected: (query: URLSearchParams) => boolean = () => true,
): Promise<DeviceList> {
  const matches = (r: Response): boolean =>
    isListResponse(r) && expected(new URL(r.url()).searchParams);
  const seen: Response[] = [];
  const record = (r: Response): void => {
    if (matches(r)) seen.push(r);
  };
  page.on('response', record);
  try {
    await action();
    // The first answer whose body can be read: the list's status refresh may ask just before a
    // reload, and the reload drops that answer.
    for (let index = 0; ; index += 1) {
      while (seen.length <= index) await page.waitForResponse(matches);
      try {
        const body = (await seen[index]!.json()) as DeviceList;
        await settled(page);
        return body;
      } catch (error) {
        if (index >= 3) throw error;
      }
    }
  } finally {
    page.off('response', record);
  }
}

async function cells(page: Page, column: string): Promise<string[]> {
  return (await table(page).locator(`tbody td[data-column="${column}"]`).allInnerTexts()).map(
    (text) => text.trim(),
  );
}

async function headers(page: Page): Promise<string[]> {
  return (await table(page).locator('thead th').allInnerTexts()).map((text) => text.trim());
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

async function openDevices(role: RoleKey): Promise<DeviceList> {
  const { page } = session;
  const first = page.waitForResponse(isListResponse, { timeout: 60_000 });
  await signIn(page, baseUrl(), userOf(role), { path: '/devices' });
  await waitForShell(page);
  const body = (await (await first).json()) as DeviceList;
  await settled(page);
  await expectVisible(page.getByRole('heading', { name: 'Devices', level: 1 }), 'the title');
  return body;
}

describe('device list', () => {
  test('an open list shows a terminal going offline without a reload', async () => {
    const { page } = session;
    const first = await openDevices('superUser');
    const device = first.items.find((d) => d.networkStatus?.satelliteOnline === true && d.serial);
    if (!device?.name || !device.serial) throw new Error('no online device on the first page');
    const row = table(page).locator('tbody tr').filter({ hasText: device.name }).first();
    const satellite = row.locator('[title^="Satellite:"]');
    expect(await satellite.getAttribute('title')).toBe('Satellite: Online');
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-test-same-page', ''));
    // The terminal reports that it lost the satellite link, as the fleet does every minute.
    await apiAsUser(page, '/v2/telemetry/reports', {
      method: 'POST',
      body: {
        reports: [
          {
            serial: device.serial,
            reportedAt: new Date().toISOString(),
            status: { satelliteOnline: false },
          },
        ],
      },
    });
    const shown = Date.now();
    // The e2e servers refresh live states every 5 s (STATUS_REFRESH_S); the portal's default is
    // 30 s, within a terminal's one-minute report: the bound is 70 s.
    await expect
      .poll(() => satellite.getAttribute('title'), { timeout: 20_000, interval: 250 })
      .toBe('Satellite: Offline');
    expect(Date.now() - shown).toBeLessThan(70_000);
    expect(await page.locator('html[data-test-same-page]').count()).toBe(1);
  });

  test('a dense list at 1440x900: 25 rows in view, a sticky header and the summary, light and dark', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const first = await openDevices('providerAdmin');
    const rows = table(page).locator('tbody tr');
    const inView = () =>
      rows.evaluateAll(
        (trs) =>
          trs.filter((tr) => {
            const box = tr.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }).length,
      );
    expect(await inView()).toBeGreaterThanOrEqual(25);

    // The summary of the filter: counts with words, from the server for the same filter.
    const summary = page.getByRole('group', { name: 'Online state of the devices found' });
    await expectVisible(summary, 'the online summary');
    const counted = (await summary.innerText()).replace(/\s+/g, ' ');
    expect(counted).toMatch(/^[\d,]+ online [\d,]+ offline( [\d,]+ unknown)?$/);
    const numbers = (counted.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
    expect(numbers.reduce((a, b) => a + b, 0)).toBe(first.total);

    // The header stays in view while the rows scroll under it.
    const header = table(page).locator('thead');
    const top = await header.evaluate((el) => el.getBoundingClientRect().top);
    await rows.nth(45).scrollIntoViewIfNeeded();
    expect(await header.evaluate((el) => el.getBoundingClientRect().top)).toBe(top);
    expect(await rows.first().evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(top);
    await rows.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'device-list-dense-light');

    // The theme is the user's saved setting: put back the one they had.
    const settings = await openUserPanel(page, 'Settings');
    const theme = await settings.getByRole('combobox', { name: 'Theme' }).inputValue();
    try {
      const panel = await openUserPanel(page, 'Settings');
      await chooseOption(panel, 'Theme', 'Dark');
      await closeUserPanel(page);
      await page.waitForSelector('html[data-mantine-color-scheme="dark"]');
      await screenshot(page, 'device-list-dense-dark');
      await expectNoSeriousAxeViolations(page);
    } finally {
      const panel = await openUserPanel(page, 'Settings');
      await chooseOption(panel, 'Theme', theme);
      await closeUserPanel(page);
    }
  });

  test("a parent account includes its sub-accounts' devices; the open device's row is marked", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDevices('providerAdmin');
    await expectVisible(
      main(page).getByText("An account includes its sub-accounts' devices."),
      'the sub-accounts hint',
    );
    // Typing on "All" searches for what is typed, not "All…".
    const account = main(page).getByRole('combobox', { name: 'Account' });
    await account.click();
    expect(await account.inputValue()).toBe('');
    await account.pressSequentially('Northwind Mar');
    expect(await account.inputValue()).toBe('Northwind Mar');
    const parent = await listAfter(
      page,
      () => page.getByRole('option', { name: 'Northwind Maritime', exact: true }).click(),
      (q) => (q.get('filters') ?? '').startsWith('AccountId:'),
    );
    const names = new Set(parent.items.map((d) => d.accountName));
    expect(names).toContain('Northwind Maritime – Atlantic Fleet');
    expect(names).toContain('Northwind Maritime – Pacific Fleet');
    expect(new Set(await cells(page, 'account'))).toEqual(names);

    // The device open in the detail pane: its row, and only its row, is the current one.
    const link = table(page).locator('tbody tr').nth(2).getByRole('link');
    const name = await link.innerText();
    await link.click();
    await page.waitForURL(/\/devices\/[^/]+\/overview/);
    const current = table(page).locator('tbody tr[aria-current="true"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.getByRole('link').innerText()).toBe(name);
    await screenshot(page, 'device-list-open-device');
  });

  for (const role of ['superUser', 'credentialed'] as const) {
    test(`${role}: filters, search, sort, paging, reload and export`, async () => {
      const { page } = session;
      const all = await openDevices(role);
      expect(all.total).toBeGreaterThan(10);
      expect(await table(page).locator('tbody tr').count()).toBe(Math.min(50, all.total));
      expect(await page.getByTestId('device-total').innerText()).toBe(`${all.total} devices`);
      const nameHeader = table(page).locator('th[data-column="name"]');
      expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
      const firstLink = table(page).getByRole('link').first();
      expect(await firstLink.getAttribute('href')).toMatch(/^\/devices\/[0-9a-f-]{36}\/overview/);

      // Page size and page.
      const ten = await listAfter(
        page,
        () => chooseOption(main(page), 'Rows per page', '10'),
        (q) => q.get('take') === '10' && q.get('skip') === '0',
      );
      expect(await table(page).locator('tbody tr').count()).toBe(10);
      expect(searchOf(page).get('pageSize')).toBe('10');
      const second = await listAfter(
        page,
        () => page.getByRole('button', { name: 'Page 2', exact: true }).click(),
        (q) => q.get('skip') === '10',
      );
      expect(searchOf(page).get('page')).toBe('2');
      expect(second.items[0]?.id).not.toBe(ten.items[0]?.id);
      await expectVisible(
        main(page).getByText(`11–${Math.min(20, all.total)} of ${all.total}`),
        'the range of page 2',
      );

      // A device opens in the detail pane over the list; closing it keeps the list's view.
      await table(page).getByRole('link').first().click();
      const pane = page.getByRole('region', { name: 'Detail' });
      await pane.getByRole('button', { name: 'Close detail' }).click();
      await page.waitForURL((url) => url.pathname === '/devices');
      expect(searchOf(page).get('page')).toBe('2');
      expect(searchOf(page).get('pageSize')).toBe('10');

      // Sort by Serial: ascending, then descending, asked of the server.
      const ascending = await listAfter(
        page,
        () => table(page).getByRole('button', { name: 'Serial' }).click(),
        (q) => q.get('sortField') === 'Serial' && q.get('sortDirection') === 'ASC',
      );
      expect(searchOf(page).get('page')).toBeNull();
      expect(await cells(page, 'serial')).toEqual(ascending.items.map((d) => d.serial ?? '—'));
      const descending = await listAfter(
        page,
        () => table(page).getByRole('button', { name: 'Serial' }).click(),
        (q) => q.get('sortField') === 'Serial' && q.get('sortDirection') === 'DESC',
      );
      expect(await table(page).locator('th[data-column="serial"]').getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(searchOf(page).get('dir')).toBe('desc');
      expect(await cells(page, 'serial')).toEqual(descending.items.map((d) => d.serial ?? '—'));

      // Account filter: the account of a device on screen.
      const accountName = (await cells(page, 'account'))[0] ?? '';
      const account = descending.items.find((d) => d.accountName === accountName)?.accountId;
      const ofAccount = await listAfter(
        page,
        () => chooseOption(main(page), 'Account', accountName),
        (q) => q.get('filters') === `AccountId:${account}`,
      );
      expect(ofAccount.total).toBeGreaterThan(0);
      expect(ofAccount.total).toBeLessThanOrEqual(all.total);
      // The account and its sub-accounts (a parent account includes its children's devices).
      expect(new Set(await cells(page, 'account'))).toEqual(
        new Set(ofAccount.items.map((d) => d.accountName)),
      );
      expect(await page.getByTestId('device-total').innerText()).toBe(
        `${ofAccount.total} ${ofAccount.total === 1 ? 'device' : 'devices'}`,
      );

      // Export the account's devices: the spec's columns, one row per device of the total.
      const exportRequest = page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/v2/devices' && r.url().includes('take=10000'),
      );
      const downloadEvent = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export to CSV' }).click();
      const exported = new URL((await exportRequest).url()).searchParams;
      expect(exported.get('skip')).toBe('0');
      expect(exported.get('filters')).toBe(`AccountId:${account}`);
      expect(exported.get('fields')).toBe(
        'Id,Name,Serial,ProductCode,AccountName,NetworkStatus,Components',
      );
      const download = await downloadEvent;
      expect(download.suggestedFilename()).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...records] = parseCsv(text);
      expect(header?.join(',')).toBe(CSV_HEADER);
      expect(records).toHaveLength(ofAccount.total);
      expect(new Set(records.map((r) => r[4]))).toEqual(new Set([accountName]));
      expect(records.every((r) => ['true', 'false', ''].includes(r[5] ?? 'x'))).toBe(true);

      // Free text: a piece of a serial on screen.
      const serial = (await cells(page, 'serial')).find((s) => s !== '—') ?? '';
      const fragment = serial.slice(-5);
      const searched = await listAfter(
        page,
        () => page.getByRole('searchbox', { name: 'Search' }).fill(fragment),
        (q) => q.get('query') === fragment,
      );
      expect(searched.total).toBeGreaterThan(0);
      const names = await cells(page, 'name');
      const serials = await cells(page, 'serial');
      names.forEach((name, i) => {
        const hit = `${name} ${serials[i]}`.toLowerCase().includes(fragment.toLowerCase());
        expect(hit, `${name} / ${serials[i]} contains ${fragment}`).toBe(true);
      });
      // The router quotes a text that reads as a number unless the app wrote it as one.
      expect([fragment, JSON.stringify(fragment)]).toContain(searchOf(page).get('q'));

      // Online states: satellite online, then cellular not online.
      await listAfter(
        page,
        () => page.getByRole('searchbox', { name: 'Search' }).fill(''),
        (q) => !q.has('query'),
      );
      await listAfter(
        page,
        () => chooseOption(main(page), 'Satellite', 'Online'),
        (q) => q.get('filters')?.includes('NetworkStatus.SatelliteOnline:true') ?? false,
      );
      for (const state of await cells(page, 'satelliteOnline')) expect(state).toBe('Online');
      await listAfter(
        page,
        () => chooseOption(main(page), 'Satellite', 'All'),
        (q) => !(q.get('filters') ?? '').includes('Satellite'),
      );
      const notOnline = await listAfter(
        page,
        () => chooseOption(main(page), 'Cellular', 'Not online'),
        (q) => q.get('filters')?.includes('NetworkStatus.CellularOnline:false') ?? false,
      );
      for (const state of await cells(page, 'cellularOnline'))
        expect(['Offline', 'Unknown']).toContain(state);
      if (notOnline.total === 0) {
        await expectVisible(page.getByText('No devices were found.'), 'the empty text');
      }

      // Reload: the same view comes back from the address.
      const before = page.url();
      const shown = await cells(page, 'serial');
      const reloaded = await listAfter(page, () => page.reload());
      expect(page.url()).toBe(before);
      expect(reloaded.total).toBe(notOnline.total);
      expect(await cells(page, 'serial')).toEqual(shown);
      expect(await main(page).getByRole('combobox', { name: 'Account' }).inputValue()).toBe(
        accountName,
      );
      expect(await main(page).getByRole('combobox', { name: 'Cellular' }).inputValue()).toBe(
        'Not online',
      );
      expect(await main(page).getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe(
        '10',
      );
      expect(await table(page).locator('th[data-column="serial"]').getAttribute('aria-sort')).toBe(
        'descending',
      );

      await chooseOption(main(page), 'Cellular', 'All');
      await settled(page);
      await screenshot(page, `device-list-${role}`);
      await expectNoSeriousAxeViolations(page);
    });

    test(`${role}: the column editor hides and reorders columns, kept after reload`, async () => {
      const { page } = session;
      await openDevices(role);
      expect(await headers(page)).toEqual(DEFAULT_HEADERS);

      await page.getByRole('button', { name: 'Columns' }).click();
      const pane = page.getByRole('complementary', { name: 'Column editor' });
      await expectVisible(pane, 'the column editor');
      const serial = pane.getByRole('checkbox', { name: 'Show Serial' });
      expect(await serial.isDisabled()).toBe(true);
      expect(await serial.isChecked()).toBe(true);

      const saved = () =>
        page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/v2/users/settings' && r.status() === 200,
        );
      let put = saved();
      await pane.getByRole('checkbox', { name: 'Show KPC' }).click();
      await put;
      expect(await headers(page)).toEqual(['Name', 'Serial', 'Account', 'Satellite', 'Cellular']);

      put = saved();
      await pane.getByRole('button', { name: 'Move Account up' }).click();
      await put;
      // From the keyboard: Enter on "Move Cellular up"; focus stays on it.
      put = saved();
      await pane.getByRole('button', { name: 'Move Cellular up' }).focus();
      await page.keyboard.press('Enter');
      await put;
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null),
      ).toBe('Move Cellular up');
      const arranged = ['Name', 'Serial', 'Account', 'Cellular', 'Satellite'];
      expect(await headers(page)).toEqual(arranged);
      await screenshot(page, `column-editor-${role}`);
      await expectNoSeriousAxeViolations(page);

      await listAfter(page, () => page.reload());
      expect(await headers(page)).toEqual(arranged);
      await page.getByRole('button', { name: 'Columns' }).click();
      await expectVisible(pane, 'the column editor after reload');
      expect(await pane.getByRole('checkbox', { name: 'Show KPC' }).isChecked()).toBe(false);

      // The editor's page size is the list's (and replaces one in the address).
      put = saved();
      await listAfter(
        page,
        () => chooseOption(pane, 'Page size', '25'),
        (q) => q.get('take') === '25',
      );
      await put;
      expect(searchOf(page).get('pageSize')).toBeNull();

      put = saved();
      await listAfter(
        page,
        () => pane.getByRole('button', { name: 'Reset to defaults' }).click(),
        (q) => q.get('take') === '50',
      );
      await put;
      expect(await headers(page)).toEqual(DEFAULT_HEADERS);
    });
  }
});
