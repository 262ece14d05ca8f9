import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { chooseOption, signInAsRole, waitForShell } from './support/shell.js';

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
});
