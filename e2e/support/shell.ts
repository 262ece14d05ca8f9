import type { RoleKey } from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { demoUsers, expectVisible, signIn, type DemoUser } from './auth.js';
import { baseUrl } from './browser.js';

/** The left navigation ("Main navigation") and the names of its links, in order. */
export async function navigationLinkNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expectVisible(nav.getByRole('link').first(), 'the main navigation');
  return (await nav.getByRole('link').all()).reduce<Promise<string[]>>(
    async (names, link) => [
      ...(await names),
      ((await link.getAttribute('aria-label')) ?? (await link.innerText())).trim(),
    ],
    Promise.resolve([]),
  );
}

/** Waits until the shell has finished its start-up loads. */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForSelector('html[data-aerie-loaded="true"]', { timeout: 30_000 });
  await expectVisible(page.getByRole('button', { name: /^User menu/ }), 'the user menu');
}

/** Opens the user panel on the given tab ("Home", "Settings" or "API Clients"). */
export async function openUserPanel(page: Page, tab?: string): Promise<Locator> {
  const panel = page.getByRole('dialog', { name: 'User menu' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: /^User menu/ }).click();
  await expectVisible(panel, 'the user panel');
  if (tab) await panel.getByRole('tab', { name: tab }).click();
  return panel;
}

/** Closes the user panel (its toggle button) when it is open. */
export async function closeUserPanel(page: Page): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'User menu' });
  if (await panel.isVisible()) {
    await page.getByRole('button', { name: /^User menu/ }).click();
    await panel.waitFor({ state: 'hidden' });
  }
}

/** Picks a value of a Mantine Select by its label inside a container. */
export async function chooseOption(
  container: Locator,
  label: string,
  option: string,
): Promise<void> {
  await container.getByRole('combobox', { name: label }).click();
  await container.page().getByRole('option', { name: option, exact: true }).click();
}

/** Replaces the stored access token (oidc-client-ts, sessionStorage) with an invalid one. */
export async function corruptAccessToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:')) {
        const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        user['access_token'] = 'not-a-valid-token';
        sessionStorage.setItem(key, JSON.stringify(user));
      }
    }
  });
}

/**
 * Opens /health through the user panel's "Application Health" link (Super User).
 * NOTE: a full page load of /health reaches the server's `GET /health` API, not the SPA.
 */
export async function openHealthPage(page: Page): Promise<void> {
  const panel = await openUserPanel(page, 'Home');
  await panel.getByRole('link', { name: 'Application Health' }).click();
  await page.waitForURL((url) => url.pathname === '/health');
  await panel.waitFor({ state: 'hidden' });
}

/** The demo user of a role. */
export function demoUserOf(role: RoleKey): DemoUser {
  const user = demoUsers.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

/** Signs in as the demo user of `role` on `path` (default /home) and waits for the shell. */
export async function signInAsRole(page: Page, role: RoleKey, path = '/home'): Promise<DemoUser> {
  const user = demoUserOf(role);
  await signIn(page, baseUrl(), user, { path });
  await waitForShell(page);
  return user;
}

/**
 * Runs `body` with the user's theme set to Dark (the saved setting), then puts back the theme
 * the user had, whatever happens.
 */
export async function withDarkTheme(page: Page, body: () => Promise<void>): Promise<void> {
  const choose = async (name: string): Promise<void> => {
    const panel = await openUserPanel(page, 'Settings');
    await chooseOption(panel, 'Theme', name);
    await closeUserPanel(page);
  };
  const before = await (
    await openUserPanel(page, 'Settings')
  )
    .getByRole('combobox', { name: 'Theme' })
    .inputValue();
  await closeUserPanel(page);
  try {
    await choose('Dark');
    await page.waitForSelector('html[data-mantine-color-scheme="dark"]');
    await body();
  } finally {
    await choose(before);
  }
}
