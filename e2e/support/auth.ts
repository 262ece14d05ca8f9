import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
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
  /**
   * Sign in through the form even when this worker already holds the user's session: for the
   * tests whose subject is the sign-in itself.
   */
  form?: boolean;
}

/** The identity provider's token endpoint: the SPA's sign-in ends with a POST there. */
const TOKEN_PATH = '/auth/token';
/** Where the identity provider shows its sign-in form (an interaction of its own). */
const INTERACTION_PATH = '/auth/interaction/';

/** Where this worker keeps the server's cookies of a user's sign-in (see {@link signIn}). */
function sessionFile(baseUrl: string, email: string): string {
  const key = createHash('sha256').update(`${baseUrl}\n${email}`).digest('hex').slice(0, 24);
  return join(inject('sessionDir'), `${key}.json`);
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

function keptSession(baseUrl: string, email: string): Cookies | null {
  try {
    return JSON.parse(readFileSync(sessionFile(baseUrl, email), 'utf8')) as Cookies;
  } catch {
    return null;
  }
}

/**
 * Keeps the server's cookies (the identity provider's session, the known-browser mark) after a
 * sign-in through the form. The SPA's tokens live in sessionStorage, which is not kept: each
 * test gets fresh ones through the provider's redirect, so none expires under a test.
 */
async function keepSession(page: Page, baseUrl: string, email: string): Promise<void> {
  writeFileSync(sessionFile(baseUrl, email), JSON.stringify(await page.context().cookies(baseUrl)));
}

/** Waits until the browser is back on `target` (path and query) after signing in. */
async function backOn(page: Page, target: URL, email: string, path: string): Promise<void> {
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
      `after signing in as ${email}, expected to be back on ${path}, but the browser is on ${page.url()}`,
    );
  }
}

/**
 * Opens `${baseUrl}${path}` (default /home) signed in as the demo user and waits to be back on
 * the same path and query.
 *
 * The first time a worker signs a user in (or with `form`), it waits to be sent to the server's
 * sign-in page and signs in there (DEMO_PASSWORD). Later tests of the worker start with that
 * sign-in's provider session, so the provider sends them straight back with a new code: the
 * form's password hash and page load are spent once per worker and user (measured: 2.1 s
 * against 1.3 s per sign-in, docs/testing.md). If the session has ended (a test signed out),
 * the sign-in page appears and the form is used.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  user: Pick<DemoUser, 'email'>,
  options: SignInOptions = {},
): Promise<void> {
  const path = options.path ?? '/home';
  const target = new URL(path, baseUrl);
  const reuse = options.form !== true && options.password === undefined;
  const cookies = reuse ? keptSession(baseUrl, user.email) : null;
  if (cookies !== null && cookies.length > 0) {
    await page.context().addCookies(cookies);
    const token = page
      .waitForResponse(
        (res) =>
          new URL(res.url()).pathname === TOKEN_PATH &&
          res.request().method() === 'POST' &&
          res.ok(),
        { timeout: 30_000 },
      )
      .then(() => 'signed in' as const);
    // Both waits listen for responses (no polling that would go on after the other won).
    const form = page
      .waitForResponse(
        (res) =>
          res.request().isNavigationRequest() &&
          new URL(res.url()).pathname.startsWith(INTERACTION_PATH),
        { timeout: 30_000 },
      )
      .then(() => 'form' as const);
    await page.goto(target.href);
    const outcome = await Promise.race([token, form]).catch(() => 'neither' as const);
    void token.catch(() => undefined);
    void form.catch(() => undefined);
    if (outcome === 'signed in') {
      await backOn(page, target, user.email, path);
      return;
    }
    if (outcome === 'neither') {
      throw new Error(
        `with ${user.email}'s kept session, ${path} neither signed in nor showed the sign-in page; the browser is on ${page.url()}`,
      );
    }
  } else {
    await page.goto(target.href);
    await expectSignInPage(page);
  }
  await submitSignIn(page, user.email, options.password ?? DEMO_PASSWORD);
  await backOn(page, target, user.email, path);
  if (options.password === undefined) await keepSession(page, baseUrl, user.email);
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
