import { readFile } from 'node:fs/promises';
import { subscriptionReportColumns } from '@aerie/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { readXlsx } from '../apps/server/src/test/xlsx.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { screenshot, useBrowser } from './support/browser.js';
import { signInAsRole, withDarkTheme } from './support/shell.js';

const session = useBrowser();

const FAILED = 'Failed to fetch monthly subscription report, Please try again later.';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Last month (UTC): the demo fleet's subscriptions and usage cover it. */
function lastMonth(): { year: number; month: number } {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** Opens the report pane from the admin page's entry; returns the pane. */
async function openReportPane(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open the report' }).click();
  const pane = page.locator('aside[data-pane="subscriptionReport"]');
  await expectVisible(
    pane.getByRole('heading', { name: 'Monthly subscription report' }),
    'the report pane',
  );
  return pane;
}

/** Opens the month picker and picks a month, moving to its year first. */
async function pickMonth(page: Page, pane: Locator, year: number, month: number): Promise<void> {
  await pane.getByRole('button', { name: /^Month/ }).click();
  // The picker shows one year: its months are labelled "January 2026" and so on.
  const january = page.getByRole('button', { name: /^January \d{4}$/ });
  await expectVisible(january, 'the month picker');
  const shown = Number(((await january.getAttribute('aria-label')) ?? '').split(' ')[1]);
  const step = page.getByRole('button', { name: shown > year ? 'Previous year' : 'Next year' });
  for (let i = 0; i < Math.abs(shown - year); i++) await step.click();
  await page.getByRole('button', { name: `${MONTHS[month - 1]} ${year}`, exact: true }).click();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

describe('monthly subscription report', () => {
  test('Sales Support opens the report from /admin, is told a month is required, and downloads last month as an xlsx', async () => {
    const { page } = session;
    await signInAsRole(page, 'salesSupport', '/admin');
    const pane = await openReportPane(page);
    // Focus moves into the pane when it opens.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('context-pane-title');

    await pane.getByRole('button', { name: 'Download' }).click();
    await expectVisible(pane.getByText('Month is required.'), 'the required month message');
    await screenshot(page, 'subscription-report-required', { fullPage: false });

    const { year, month } = lastMonth();
    const mm = String(month).padStart(2, '0');
    await pickMonth(page, pane, year, month);
    await expect
      .poll(() => pane.getByRole('button', { name: /^Month/ }).innerText())
      .toContain(`${mm}/${year}`);
    await expect(pane.getByText('Month is required.').count()).resolves.toBe(0);

    const file = await downloadOf(page, () =>
      pane.getByRole('button', { name: 'Download' }).click(),
    );
    expect(file.suggestedFilename()).toBe(`UsageReport-${year}-${mm}.xlsx`);
    const sheet = await readXlsx(await readFile(await file.path()));
    expect(sheet.headers).toEqual(Object.values(subscriptionReportColumns));
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.rows.some((r) => (r['Total Usage (GB)'] as number) > 0)).toBe(true);
    await expectVisible(page.getByText('File download initiated'), 'the download toast');
    await screenshot(page, 'subscription-report', { fullPage: false });
    await expectNoSeriousAxeViolations(page);

    // Escape closes the pane and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Open the report');
  });

  test("an Account Admin's month without subscriptions shows the failure text with the server's reason (dark theme)", async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin', '/admin');
    await withDarkTheme(page, async () => {
      const pane = await openReportPane(page);
      await pickMonth(page, pane, 2001, 1);
      await pane.getByRole('button', { name: 'Download' }).click();
      const alert = pane.getByRole('alert');
      await expectVisible(alert, 'the failure message');
      expect(await alert.innerText()).toContain(FAILED);
      expect(await alert.innerText()).toContain('No subscription was active in 01/2001.');
      await screenshot(page, 'dark-subscription-report-failed', { fullPage: false });
      await expectNoSeriousAxeViolations(page);

      // The account's own last month downloads, with the columns an Account Admin may see.
      const { year, month } = lastMonth();
      await pickMonth(page, pane, year, month);
      await expect(pane.getByRole('alert').count()).resolves.toBe(0);
      const file = await downloadOf(page, () =>
        pane.getByRole('button', { name: 'Download' }).click(),
      );
      const sheet = await readXlsx(await readFile(await file.path()));
      expect(sheet.headers).not.toContain('Subscription Number');
      expect(sheet.rows.length).toBeGreaterThan(0);
      expect(new Set(sheet.rows.map((r) => r['Account']))).not.toContain('Terra Logistics');
      await expectVisible(page.getByText('File download initiated'), 'the download toast');
      await expect
        .poll(() => pane.getByRole('button', { name: 'Download' }).getAttribute('data-loading'))
        .toBeNull();
      await screenshot(page, 'dark-subscription-report', { fullPage: false });
    });
  });
});
