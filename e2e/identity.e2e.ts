import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-identities.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { demoUsers, expectSignInPage, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';

const session = useBrowser();

/**
 * Records Content-Security-Policy violations reported by the page: console messages, and the
 * browser's own issues (DevTools' Issues panel, which also lists a caught eval attempt that
 * never reaches the console).
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  return violations;
}

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:')) {
        const value = sessionStorage.getItem(key);
        return value
          ? ((JSON.parse(value) as { access_token?: string }).access_token ?? null)
          : null;
      }
    }
    return null;
  });
}

describe('the identity pages', () => {
  test('signing in works with the keyboard alone', async () => {
    const { page } = session;
    const user = demoUsers[1]!;
    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    // The email field has focus on arrival; Tab moves to the password, Enter submits.
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      'the home heading after a keyboard-only sign-in',
    );
  });

  test('the app and the sign-in page run without Content-Security-Policy violations', async () => {
    const { page } = session;
    const violations = await watchCsp(page);
    await page.goto(`${baseUrl()}/welcome`);
    await expectVisible(page.getByRole('main'), 'the welcome page');
    await signIn(page, baseUrl(), demoUsers[0]!, { form: true });
    await page.reload();
    await expectVisible(
      page.getByRole('heading', { name: /^Welcome,/ }),
      'the home heading after reload',
    );
    expect(violations).toEqual([]);
  });

  test('delivery: compressed immutable scripts, no source maps, icons and a manifest', async () => {
    const html = await (await fetch(`${baseUrl()}/`, { headers: { accept: 'text/html' } })).text();
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'the entry script in index.html').toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const js = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('vary')).toContain('accept-encoding');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${baseUrl()}${script}.map`)).status).toBe(404);
    expect(html).not.toContain('sourceMappingURL');

    const favicon = await fetch(`${baseUrl()}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/icon/);
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const { name, icons } = (await manifest.json()) as { name: string; icons: { src: string }[] };
    expect(name).toBe('Aerie');
    for (const icon of icons) {
      const res = await fetch(`${baseUrl()}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toMatch(/^image\//);
    }
  });

  test('a public page loads no signed-in code; a signed-in page loads only its own page', async () => {
    const { page } = session;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/loadError`);
    await expectVisible(page.getByRole('main'), 'the load error page');
    expect(scripts.some((s) => s.includes('load-error-page-'))).toBe(true);
    // Neither the signed-in layout nor the identity client (oidc-client-ts).
    expect(
      scripts.filter((s) =>
        /protected-layout-|home-page-|devices-page-|\/auth-client-|\/oidc-/.test(s),
      ),
    ).toEqual([]);

    // Without a session a signed-in page goes straight to sign-in from the first chunk: the
    // application (React, Mantine: app/start), the shell and the page never load.
    scripts.length = 0;
    await page.goto(`${baseUrl()}/devices`);
    await expectSignInPage(page);
    expect(scripts.some((s) => s.includes('/auth-client-'))).toBe(true);
    expect(scripts.filter((s) => /\/start-|protected-layout-|devices-page-/.test(s))).toEqual([]);

    scripts.length = 0;
    await signIn(page, baseUrl(), demoUsers[0]!, { form: true });
    await expectVisible(page.getByRole('heading', { name: /^Welcome,/ }), 'the home heading');
    expect(scripts.some((s) => s.includes('/start-'))).toBe(true);
    expect(scripts.some((s) => s.includes('protected-layout-'))).toBe(true);
    expect(scripts.some((s) => s.includes('home-page-'))).toBe(true);
    expect(scripts.filter((s) => /devices-page-|jobs-pages-|device-metrics-page-/.test(s))).toEqual(
      [],
    );
  });

  test('the change-password page is reachable from the sign-in page and accessible', async () => {
    const { page } = session;
    await page.goto(`${baseUrl()}/home`);
    await expectSignInPage(page);
    await page.getByRole('link', { name: 'Change your password' }).click();
    await expectVisible(
      page.getByRole('heading', { name: 'Change password' }),
      'the change-password heading',
    );
    for (const label of ['Email', 'Current password', 'New password', 'Confirm new password']) {
      await expectVisible(page.getByLabel(label, { exact: true }), `the field "${label}"`);
    }
    await page.getByLabel('Email', { exact: true }).fill('tomas.okafor@aerie.example');
    await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-new-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(
      page.getByText('The email or password is incorrect.'),
      'the refusal message',
    );
    await screenshot(page, 'change-password');
    await expectNoSeriousAxeViolations(page);
  });

  test('a working user stays signed in: the access token is renewed silently', async () => {
    const { page } = session;
    const user = demoUsers[3]!;
    await signIn(page, baseUrl(), user);
    const first = await storedAccessToken(page);
    expect(first).toBeTruthy();
    // Tokens live 90 s in the browser tests; the client renews 60 s before expiry.
    await expect
      .poll(() => storedAccessToken(page), { timeout: 55_000, interval: 2_000 })
      .not.toBe(first);
    await page.reload();
    await expectVisible(
      page.getByRole('heading', { name: `Welcome, ${user.firstName} ${user.lastName}` }),
      'the home heading after renewal and reload',
    );
  }, 90_000);
});
