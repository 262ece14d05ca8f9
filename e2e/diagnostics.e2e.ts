import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DIAGNOSTICS_MESSAGES as M,
  type Device,
  type DeviceList,
  type DiagnosticFileList,
} from '@aerie/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { bundleFile } from './support/diagnostics.js';
import { demoUserOf, signInAsRole, waitForShell, withDarkTheme } from './support/shell.js';

const session = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'aerie-e2e-kdp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Demo devices with an antenna serial (diagnostic files are filed under it). */
async function devicesWithAntenna(
  page: Page,
  count: number,
): Promise<{ id: string; name: string; antennaSerial: string }[]> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=40&sortField=Name&fields=Id');
  const found: { id: string; name: string; antennaSerial: string }[] = [];
  for (const { id } of list.items) {
    if (!id) continue;
    const device = await apiAsUser<Device>(page, `/v2/devices/${id}`);
    const antenna = device.components.find((c) => c.type === 'Antenna' && c.serial);
    if (antenna?.serial) found.push({ id, name: device.name, antennaSerial: antenna.serial });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} demo devices have an antenna serial`);
}

/** A distinct time per test run, so re-runs on one server upload new names. */
const takenAt = (minutesAgo: number) =>
  new Date(Math.floor(Date.now() / 1000) * 1000 - minutesAgo * 60_000);

describe('Diagnostics (Tools > Diagnostics Upload, a device’s Diagnostics tab, the analyze screen)', () => {
  test('Sales Support uploads several bundles, opens the overview, BIST and POST reports and shares a link a colleague opens', async () => {
    const { page, browser } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl(),
    });
    await signInAsRole(page, 'salesSupport', '/tools/diagnosticsUpload');
    const [passing, failing] = await devicesWithAntenna(page, 2);
    const good = await bundleFile(dir, {
      antennaSerial: passing!.antennaSerial,
      takenAt: takenAt(5),
    });
    const bad = await bundleFile(dir, {
      antennaSerial: failing!.antennaSerial,
      takenAt: takenAt(6),
      bistFailures: 2,
      postRuns: 11,
    });

    await expectVisible(
      page.getByRole('tab', { name: 'Diagnostics Upload', selected: true }),
      'the tab',
    );
    await page.waitForFunction(() => document.title === 'Diagnostics Upload · Aerie');
    const start = page.getByRole('button', { name: 'Start Uploads' });
    const clear = page.getByRole('button', { name: 'Clear' });
    expect(await start.isDisabled()).toBe(true);
    expect(await clear.isDisabled()).toBe(true);

    // Three files dropped at once: two bundles and one whose name carries no antenna serial.
    const kdp = (f: { name: string; bytes: Buffer }) => ({
      name: f.name,
      mimeType: 'application/octet-stream',
      buffer: f.bytes,
    });
    await page
      .locator('input[type="file"]')
      .setInputFiles([kdp(good), kdp(bad), kdp({ name: 'report.kdp', bytes: Buffer.from('x') })]);
    const table = page.getByRole('table', { name: 'Diagnostic uploads' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await expectVisible(row(good.name).getByText('Pending'), 'the first bundle pending');
    await expectVisible(row(bad.name).getByText('Pending'), 'the second bundle pending');
    // Its actions are '-' until the upload knows the device and the MD5.
    expect(await row(good.name).getByRole('cell', { name: '-', exact: true }).count()).toBe(1);
    await row('report.kdp').getByRole('button', { name: /Error/ }).click();
    await expectVisible(page.getByText(M.badFileName), 'the file name message');
    await page.keyboard.press('Escape');
    // The same file again is not added twice.
    await page.locator('input[type="file"]').setInputFiles([kdp(good)]);
    expect(await row(good.name).count()).toBe(1);
    await screenshot(page, 'diagnostics-upload-pending');
    await expectNoSeriousAxeViolations(page);

    await start.click();
    await expectVisible(row(good.name).getByText('Done'), 'the first bundle uploaded', 60_000);
    await expectVisible(row(bad.name).getByText('Done'), 'the second bundle uploaded', 60_000);
    await screenshot(page, 'diagnostics-upload-done');

    // View opens the analyze screen of the failing antenna's bundle on its overview.
    await row(bad.name)
      .getByRole('link', { name: `View ${bad.name}` })
      .click();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith(`/devices/${failing!.id}/diagnostics/analyze/`) &&
        url.pathname.endsWith('/overview'),
    );
    await expectVisible(page.getByRole('heading', { name: 'Summary' }), 'the overview', 60_000);
    await expectVisible(page.getByText(failing!.antennaSerial).first(), 'the antenna serial');
    await expectVisible(page.getByRole('table', { name: 'Entitlements' }), 'the entitlements');
    await screenshot(page, 'diagnostics-overview');
    await expectNoSeriousAxeViolations(page);

    // BIST: the failing run says so, and a failed row opens on its message.
    const reports = page.getByRole('tablist', { name: 'Reports' });
    await reports.getByRole('tab', { name: 'BIST' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/bist'));
    await expectVisible(page.getByText('FAIL (2)'), 'the failing BIST summary');
    const details = page.getByRole('button', { name: /^Details of / }).first();
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'diagnostics-bist');

    // POST: a tab per run, post then post.0 to post.9.
    await reports.getByRole('tab', { name: 'POST' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/post'));
    const runs = page
      .getByRole('tablist', { name: 'Self-test runs, newest first' })
      .getByRole('tab');
    await expectVisible(runs.first(), 'the POST runs');
    expect((await runs.allInnerTexts()).map((t) => t.trim())).toEqual([
      'post',
      ...Array.from({ length: 10 }, (_, i) => `post.${i}`),
    ]);
    await withDarkTheme(page, async () => {
      await screenshot(page, 'diagnostics-post-dark');
    });

    await reports.getByRole('tab', { name: 'BIST' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/bist'));

    // Share: the read-only link is this report's; Copy puts it on the clipboard.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this report' });
    const link = await dialog.getByRole('textbox', { name: 'Link to this report' }).inputValue();
    expect(link).toBe(page.url());
    expect(await dialog.getByRole('textbox').getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectVisible(page.getByText(M.linkCopied), 'the copy toast');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A colleague with access opens the same report from the link.
    const colleague = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const other = await colleague.newPage();
      await signIn(other, baseUrl(), demoUserOf('providerAdmin'), {
        path: new URL(link).pathname,
      });
      await waitForShell(other);
      await expectVisible(other.getByText('FAIL (2)'), 'the same BIST report for the colleague');
      expect(new URL(other.url()).pathname).toBe(new URL(link).pathname);
    } finally {
      await colleague.close();
    }

    // A report value the portal does not know.
    await page.goto(link.replace(/\/bist$/, '/nonsense'));
    await expectVisible(page.getByText(M.notSupported), 'the unsupported report');
  });

  test('a device’s Diagnostics tab lists its files and uploads one, with the spec’s messages', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAsRole(page, 'superUser');
    // A device without files yet (a retry of this test on the same server finds the next one).
    const candidates = await devicesWithAntenna(page, 6);
    let device: (typeof candidates)[number] | undefined;
    for (const c of candidates.slice(2)) {
      const files = await apiAsUser<DiagnosticFileList>(
        page,
        `/v2/storage/diagnostics/${c.antennaSerial}/items`,
      );
      if (files.total === 0) {
        device = c;
        break;
      }
    }
    if (!device) throw new Error('no demo device without diagnostic files');
    await page.goto(`${baseUrl()}/devices/${device.id}/diagnostics`);
    await waitForShell(page);
    await expectVisible(page.getByText(M.noFiles), 'the empty list');

    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await upload.click();
    await expectVisible(page.getByText(M.fileRequired), 'the file-required message');

    const file = await bundleFile(dir, {
      antennaSerial: device.antennaSerial,
      takenAt: takenAt(7),
    });
    await page
      .getByRole('region', { name: 'Upload a diagnostic file' })
      .locator('input[type="file"]')
      .setInputFiles(file.path);
    await upload.click();
    await expectVisible(page.getByText(M.uploaded), 'the success toast', 60_000);
    const files = page.getByRole('table', { name: 'Diagnostic files' });
    const row = files.getByRole('row').filter({ hasText: file.name });
    await expectVisible(row.getByText('Ready'), 'the file processed', 60_000);
    await screenshot(page, 'device-diagnostics');
    await expectNoSeriousAxeViolations(page);

    // Download: the bundle as uploaded, through a signed URL.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${file.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file.name);
    expect(await readFile(await download.path())).toEqual(file.bytes);

    await row.getByRole('link', { name: `Analyze ${file.name}` }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/overview'));
    await expectVisible(page.getByRole('heading', { name: 'Summary' }), 'the overview');
    await expectVisible(page.getByRole('table', { name: 'Component inventory' }), 'the inventory');

    // The diagnostic download page: its messages, and a download.
    await page.goto(`${baseUrl()}/diagnostic/download?path=${encodeURIComponent(file.name)}`);
    await expectVisible(page.getByText(M.download.noSerial), 'the missing serial message');
    await page.goto(
      `${baseUrl()}/diagnostic/download?antennaSerial=${device.antennaSerial}&path=${encodeURIComponent(`${device.antennaSerial}/nothing.txt`)}`,
    );
    await expectVisible(page.getByText(M.download.invalidFileName), 'the bad name message');
    await page.goto(
      `${baseUrl()}/diagnostic/download?antennaSerial=${device.antennaSerial}&path=${encodeURIComponent(`${device.antennaSerial}/${device.antennaSerial}_20200101000000.kdp`)}`,
    );
    await expectVisible(page.getByText(M.download.notFoundTitle), 'the not-found title');
    await expectVisible(page.getByText(M.download.notFoundBody), 'the not-found text');
    await expectVisible(
      page.getByRole('link', { name: M.download.returnToDashboard }),
      'the way back',
    );
  });
});
