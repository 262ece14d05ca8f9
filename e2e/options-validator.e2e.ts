import { createHash } from 'node:crypto';
import { type DeviceList } from '@aerie/contract';
import { OPTIONS_FILE_MESSAGES as M, readOptionsFile, writeOptionsFile } from '@aerie/options-file';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { unzip } from '../apps/server/src/test/unzip.js';
import { apiAsUser, fetchAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import {
  chooseOption,
  closeUserPanel,
  demoUserOf,
  openUserPanel,
  waitForShell,
} from './support/shell.js';

const session = useBrowser();

/** An options file the portal wrote: the real download of the first demo device with one. */
async function downloadedOptionsFile(page: Page): Promise<{ name: string; text: string }> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=25&sortField=Name&fields=Id');
  for (const { id } of list.items) {
    const res = await fetchAsUser(page, `/v2/devices/${id}/downloadOptionsFiles`);
    if (res.status === 409) continue; // no antenna with a serial
    expect(res.status).toBe(200);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const [name, bytes] = [...files][0]!;
    return { name, text: bytes.toString('utf8') };
  }
  throw new Error('no demo device has an options file to download');
}

/** The file with one line replaced and a checksum that matches again (only the value is bad). */
function withLine(text: string, pattern: RegExp, line: string): string {
  const lines = text
    .replace(pattern, line)
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('END '));
  const hash = createHash('sha256');
  for (const l of lines) hash.update(`${l}\n`);
  return `${lines.join('\n')}\nEND sha256=${hash.digest('hex')}\n`;
}

const file = (name: string, text: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(text, 'utf8'),
});

describe('Options File Validator (/tools/optionsFileValidator)', () => {
  test('a Credentialed user validates a downloaded file beside broken ones, in light and dark', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, baseUrl(), demoUserOf('credentialed'));
    await waitForShell(page);

    // The files: the portal's own download, a copy with private mode on (valid, with a
    // disclaimer), and broken copies: cut short, edited by hand, a bad value, empty.
    const downloaded = await downloadedOptionsFile(page);
    const content = readOptionsFile(downloaded.text).content!;
    const privateCopy = writeOptionsFile({ ...content, privateMode: true });
    const cut = downloaded.text.slice(0, downloaded.text.indexOf('END'));
    const edited = downloaded.text.replace(/^issued\.by=.*$/m, 'issued.by=Someone else');
    const badValue = withLine(downloaded.text, /^device\.id=.*$/m, 'device.id=not-a-uuid');

    // Tools, from the navigation: the validator is its first tab, the only one of this role.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tools' })
      .click();
    await page.waitForURL((url) => url.pathname === '/tools/optionsFileValidator');
    await expectVisible(page.getByRole('heading', { name: 'Tools', level: 1 }), 'the Tools page');
    await page.waitForFunction(() => document.title === 'Options File Validator · Aerie');
    const tabs = page.getByRole('tablist', { name: 'Tools' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Options File Validator']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    const validate = page.getByRole('button', { name: 'Validate files' });
    expect(await validate.isDisabled()).toBe(true);

    // Chosen through the file chooser (the button's hidden input)…
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        file(downloaded.name, downloaded.text),
        file('cut.opt', cut),
        file('edited.opt', edited),
        file('notes.txt', 'not an options file'),
        file('empty.opt', ''),
      ]);
    expect(await page.getByRole('alert').innerText()).toBe(
      'Only .opt files are accepted: notes.txt was not added.',
    );
    // …and dropped onto the zone.
    await page.getByRole('group', { name: 'Options files to validate' }).evaluate(
      (zone, files) => {
        const transfer = new DataTransfer();
        for (const f of files) transfer.items.add(new File([f.text], f.name));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
      },
      [
        { name: 'bad-value.opt', text: badValue },
        { name: 'private.opt', text: privateCopy },
      ],
    );
    const chosen = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    expect(await chosen.allInnerTexts()).toEqual([
      downloaded.name,
      'cut.opt',
      'edited.opt',
      'empty.opt',
      'bad-value.opt',
      'private.opt',
    ]);

    // A tag's remove button is a button of its own, reached by the keyboard.
    await page.getByRole('button', { name: 'Remove empty.opt' }).focus();
    await page.keyboard.press('Enter');
    expect(await chosen.count()).toBe(5);

    await validate.click();
    const result = page.getByTestId('options-validation-result');
    await expectVisible(result.getByText('Valid Files : 2/5'), 'the validation result');
    expect(await result.getByTestId('valid-file-names').innerText()).toBe(
      `Valid files: ${downloaded.name}, private.opt`,
    );
    const rows = result.getByTestId('options-result-row');
    expect((await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      `${downloaded.name} Valid`,
      'cut.opt Invalid',
      'edited.opt Invalid',
      'bad-value.opt Invalid',
      'private.opt Valid',
    ]);
    const table = result.getByRole('table', { name: 'Validation results' });
    await expectVisible(table.getByText(M.truncated), 'the truncated file error');
    await expectVisible(table.getByText(M.checksum), 'the checksum error');
    const badFields = table.getByRole('table', { name: 'Fields of bad-value.opt' });
    expect(await badFields.getByRole('row').allInnerTexts()).toEqual([
      'Field\tError\tDisclaimer',
      `device.id\t${M.uuid}\t`,
    ]);
    const privateFields = table.getByRole('table', { name: 'Fields of private.opt' });
    expect(await privateFields.getByRole('row').allInnerTexts()).toContain(
      `private.mode\t\t${M.privateMode}`,
    );
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'options-validator-light');

    // The theme is the user's saved setting: dark for the screenshot, then back.
    const settings = await openUserPanel(page, 'Settings');
    const theme = await settings.getByRole('combobox', { name: 'Theme' }).inputValue();
    try {
      await chooseOption(settings, 'Theme', 'Dark');
      await closeUserPanel(page);
      await page.waitForSelector('html[data-mantine-color-scheme="dark"]');
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'options-validator-dark');
    } finally {
      const panel = await openUserPanel(page, 'Settings');
      await chooseOption(panel, 'Theme', theme);
      await closeUserPanel(page);
    }

    // Clear: no files, no notice, no result.
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await chosen.count()).toBe(0);
    await expectVisible(page.getByText('No files chosen.'), 'the empty file list');
    expect(await result.count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await validate.isDisabled()).toBe(true);

    // The Tools page's own address opens its first tab.
    await page.goto(`${baseUrl()}/tools`);
    await page.waitForURL((url) => url.pathname === '/tools/optionsFileValidator');
    await expectVisible(page.getByRole('button', { name: 'Choose files' }), 'the validator');
  });
});
