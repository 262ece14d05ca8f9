import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoUser } from '../../apps/server/src/demo/demo-identities.js';

export {
  DEMO_PASSWORD,
  demoUsers,
  type DemoUser,
} from '../../apps/server/src/demo/demo-identities.js';

/** The brand of a default start (the demo uses it). */
export const BRAND = 'Aerie';

/** Waits until the locator is visible; the error names what was expected and where. */
export async function expectVisible(
  locator: Locator,
  what: string,
  timeout = 15_000,
): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    const page = locator.page();
    const heading = await page
      .locator('h1, h2')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `expected to see ${what} on ${page.url()} within ${timeout} ms; headings there: ${JSON.stringify(heading)}`,
    );
  }
}

/** The server's sign-in form: the fields labelled "Email" and "Password" and the "Sign in" button. */
export function signInForm(page: Page): { email: Locator; password: Locator; submit: Locator } {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign in', exact: true }),
  };
}

/** Waits for the server's sign-in page (not the SPA's own routes). */
export async function expectSignInPage(page: Page, timeout = 30_000): Promise<void> {
  await expectVisible(
    signInForm(page).email,
    'the sign-in page (a field labelled "Email")',
    timeout,
  );
  const { pathname } = new URL(page.url());
  if (pathname === '/home' || pathname.startsWith('/home/')) {
    throw new Error(
      `expected the server's sign-in page, but the browser is still on ${page.url()}`,
    );
  }
}

/** Fills and submits the sign-in form that is on screen. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

export interface SignInOptions {
  /** Where to start (path and query); the browser must come back to it. Default `/home`. */
  path?: string;
  password?: string;
}

/**
 * Opens `${baseUrl}${path}` (default /home), waits to be sent to the server's sign-in page, signs
 * in with the demo user (DEMO_PASSWORD) and waits to be back on the same path and query.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  user: Pick<DemoUser, 'email'>,
  options: SignInOptions = {},
): Promise<void> {
  const path = options.path ?? '/home';
  const target = new URL(path, baseUrl);
  await page.goto(target.href);
  await expectSignInPage(page);
  await submitSignIn(page, user.email, options.password ?? DEMO_PASSWORD);
  try {
    await page.waitForURL(
      (url) =>
        url.origin === target.origin &&
        url.pathname === target.pathname &&
        url.search === target.search,
      { timeout: 30_000 },
    );
  } catch {
    throw new Error(
      `after signing in as ${user.email}, expected to be back on ${path}, but the browser is on ${page.url()}`,
    );
  }
}

/** Signs out through the user panel: the button labelled "User menu", then the button "Sign out". */
export async function signOut(page: Page): Promise<void> {
  const before = page.url();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  try {
    await page.waitForURL((url) => url.href !== before, { timeout: 30_000 });
  } catch {
    throw new Error(`"Sign out" did not leave ${before}`);
  }
  // NOTE: sign-out returns to the root, which starts sign-in again; let that chain of
  // redirects settle so the next navigation is not interrupted by it.
  await expectSignInPage(page, 15_000).catch(() => undefined);
}
