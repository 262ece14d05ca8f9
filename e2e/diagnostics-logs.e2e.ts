import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Device, DeviceList, DiagnosticFileList } from '@aerie/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { bundleWithLogLines, uploadAsUser } from './support/diagnostics.js';
import { signInAsRole, waitForShell, withDarkTheme } from './support/shell.js';

const session = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'aerie-e2e-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Markup written by an antenna into its log: it must be shown as text, never run. */
const SCRIPT = '<script>window.__pwned = "script"</script>';
const IMG = '<img src="x" onerror="window.__pwned = \'img\'">';

/** A demo device with an antenna serial and no diagnostic file yet. */
async function freshDevice(page: Page): Promise<{ id: string; antennaSerial: string }> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=60&sortField=Name&fields=Id');
  for (const { id } of list.items.slice().reverse()) {
    if (!id) continue;
    const device = await apiAsUser<Device>(page, `/v2/devices/${id}`);
    const serial = device.components.find((c) => c.type === 'Antenna' && c.serial)?.serial;
    if (!serial) continue;
    const files = await apiAsUser<DiagnosticFileList>(
      page,
      `/v2/storage/diagnostics/${serial}/items`,
    );
    if (files.total === 0) return { id, antennaSerial: serial };
  }
  throw new Error('no demo device with an antenna serial and no diagnostic file');
}

async function waitReady(page: Page, serial: string, name: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const files = await apiAsUser<DiagnosticFileList>(
      page,
      `/v2/storage/diagnostics/${serial}/items`,
    );
    const file = files.items.find((f) => f.fileName === name);
    if (file?.status === 'Ready') return;
    if (file?.status === 'Rejected') throw new Error(`${name} was rejected: ${file.statusMessage}`);
    await page.waitForTimeout(500);
  }
  throw new Error(`${name} is not Ready`);
}

describe('Diagnostics: the Search report (log viewer)', () => {
  test('Super User searches the logs with a regex, filters, pins, jumps, downloads; markup in a log stays text', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1100 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl(),
    });
    // The hook that must never fire: the payloads' only effect, were they ever run as HTML.
    await page.addInitScript(() => {
      const w = window as unknown as { __fired: string[] };
      w.__fired = [];
      Object.defineProperty(window, '__pwned', {
        configurable: false,
        set(value: unknown) {
          w.__fired.push(String(value));
        },
      });
    });
    await signInAsRole(page, 'superUser');
    const device = await freshDevice(page);
    const file = await bundleWithLogLines(
      dir,
      {
        antennaSerial: device.antennaSerial,
        takenAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      },
      [`webd[88]: request ${SCRIPT}`, `webd[88]: avatar ${IMG}`],
    );
    const { fileHash } = await uploadAsUser(page, device.antennaSerial, file);
    await waitReady(page, device.antennaSerial, file.name);

    await page.goto(
      `${baseUrl()}/devices/${device.id}/diagnostics/analyze/${fileHash}/system-logs`,
    );
    await waitForShell(page);
    const reports = page.getByRole('tablist', { name: 'Reports' });
    await expectVisible(
      reports.getByRole('tab', { name: 'Search', selected: true }),
      'the Search report',
    );
    await expectVisible(
      page.getByText('No log entries found. Select log types and date range, then click "Search".'),
      'the empty text',
    );
    await expectVisible(
      page.getByRole('slider', { name: 'Start of the date range' }),
      'the date range',
    );

    // No log type: the spec's message.
    await page.getByRole('checkbox', { name: 'Syslog' }).uncheck();
    await page.getByRole('checkbox', { name: 'Debug' }).uncheck();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(
      page.getByText('Please select at least one log type (Syslog or Debug) before searching.'),
      'the log type message',
    );
    await page.getByRole('checkbox', { name: 'Syslog' }).check();
    await page.getByRole('checkbox', { name: 'Debug' }).check();

    // Next highlight without a term.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const view = page.getByRole('region', { name: 'Log entries' });
    await expectVisible(view.locator('li').first(), 'the first page');
    await page.getByRole('button', { name: 'Next highlight' }).click();
    await expectVisible(
      page.getByText('No search term provided for finding more highlights'),
      'the no-term message',
    );

    // Highlight mode with a regular expression: every line, the matches marked, the first
    // highlight jumped to.
    const searchBox = page.getByRole('textbox', { name: 'Search text or .NET regular expression' });
    await searchBox.fill('rx\\s+lock\\s+(lost|acquired)');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(view.locator('mark').first(), 'a marked match');
    expect((await view.locator('mark').first().innerText()).toLowerCase()).toMatch(
      /^rx\s+lock\s+(lost|acquired)$/,
    );
    const marked = await view.locator('li:has(mark)').count();
    expect(marked).toBeGreaterThan(0);
    await screenshot(page, 'diagnostics-logs-highlight');
    await expectNoSeriousAxeViolations(page);

    // Next highlight steps on (and fetches further pages when needed).
    await page.getByRole('button', { name: 'Next highlight' }).click();
    await page.waitForTimeout(300);

    // Infinite scroll: near the bottom, the next page is added.
    const before = await view.locator('li').count();
    await view.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Log entries"] li').length > n,
      before,
    );

    // The markup lines: text in highlight mode.
    await searchBox.fill('webd');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(view.getByText(SCRIPT, { exact: false }), 'the script line as text');
    await expectVisible(view.getByText(IMG, { exact: false }), 'the img line as text');
    expect(await view.locator('script, img').count()).toBe(0);

    // Filter mode: only the matching lines; markup still text.
    await page.getByText('Filter', { exact: true }).click();
    await searchBox.fill('script|onerror');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(view.getByText(IMG, { exact: false }), 'the img line, filtered');
    expect(await view.locator('li').count()).toBe(2);
    expect(await view.locator('script, img').count()).toBe(0);
    // The window is short: the next page is asked at once, and its emptiness is the end.
    await expectVisible(view.getByText('No more entries to load'), 'the end marker');
    await screenshot(page, 'diagnostics-logs-filter');

    // Pins: pin both, reorder, copy all, jump.
    await view.getByRole('button', { name: /^Pin / }).first().click();
    await expectVisible(page.getByText('Log entry pinned').first(), 'the pinned toast');
    await view.getByRole('button', { name: /^Pin / }).nth(1).click();
    const pins = page.getByRole('list', { name: 'Pinned entries' });
    await expectVisible(pins.getByRole('listitem').nth(1), 'two pins');
    const firstPin = await pins.getByRole('listitem').first().innerText();
    await pins
      .getByRole('button', { name: /^Move .* down$/ })
      .first()
      .click();
    expect(await pins.getByRole('listitem').nth(1).innerText()).toBe(firstPin);
    await page.getByRole('button', { name: 'Copy all' }).click();
    await expectVisible(page.getByText('Pinned log lines copied to clipboard!'), 'the copy toast');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')).toHaveLength(2);
    expect(copied).toContain(SCRIPT);
    expect(copied).toContain(IMG);
    await pins
      .getByRole('button', { name: /^Jump to / })
      .first()
      .click();
    await expectVisible(page.getByText('Jumped to pinned entry'), 'the jump toast');

    // Download of the filter search.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('logs.txt');
    const text = await readFile(await download.path(), 'utf8');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(text).toContain(SCRIPT);
    await expectVisible(page.getByText('Downloaded logs.txt'), 'the download toast');

    await expectNoSeriousAxeViolations(page);
    await withDarkTheme(page, async () => {
      await screenshot(page, 'diagnostics-logs-filter-dark');
    });

    // Clearing the pins.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expectVisible(page.getByText('All pins cleared'), 'the cleared toast');
    await page.getByRole('button', { name: 'Copy all' }).click();
    await expectVisible(page.getByText('No pinned entries to copy.'), 'no pins to copy');

    // The hook never fired.
    expect(await page.evaluate(() => (window as unknown as { __fired: string[] }).__fired)).toEqual(
      [],
    );
    // An upload, its processing and a dozen searches: more than the default minute when the
    // machine is busy.
  }, 120_000);
});
