import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { artifactsDir, chromiumPath } from './paths.js';

/**
 * Flags for Debian's Chromium as root on a machine with a closed network: without the
 * background-networking flags Chromium keeps trying (and failing) to reach Google's hosts.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_NOT_FOUND = 'Chromium not found: install it with `apt-get install chromium`';

/** Launches Debian's Chromium headless with playwright-core (no browser is downloaded). */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`${CHROMIUM_NOT_FOUND} (looked for ${chromiumPath})`);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, ...options });
}

/**
 * The base URL of this worker's server (the global setup starts one per worker), without a
 * trailing slash.
 */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const url = urls[(Math.max(worker, 1) - 1) % urls.length];
  if (!url) throw new Error('no server: the global setup (support/global-setup.ts) did not run');
  return url;
}

export interface BrowserSession {
  readonly browser: Browser;
  /** A fresh context (own cookies and storage) for the current test. */
  readonly context: BrowserContext;
  /** The current test's page. */
  readonly page: Page;
}

/**
 * Call at the top of a test file: one browser for the file, a fresh context and page for each
 * test, a screenshot `FAILED-<test name>.png` when a test fails, everything closed afterwards.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let log: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    log = [];
    const at = (): string => new Date().toISOString().slice(11, 23);
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning')
        log.push(`${at()} console.${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => log.push(`${at()} page error: ${err.stack ?? err.message}`));
    page.on('requestfailed', (req) =>
      log.push(
        `${at()} request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`,
      ),
    );
    page.on('response', (res) => {
      const status = res.status();
      if (status >= 400) log.push(`${at()} HTTP ${status}: ${res.request().method()} ${res.url()}`);
      else if (status >= 300 && status < 400) {
        log.push(
          `${at()} navigated: HTTP ${status} ${res.request().method()} ${res.url()} -> ${res.headers()['location'] ?? '?'}`,
        );
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === frame.page().mainFrame()) log.push(`${at()} navigated: ${frame.url()}`);
    });
  });
  afterEach(async ({ task }) => {
    try {
      if (task.result?.state === 'fail') {
        recordFailure(task.file.filepath, task.name, task.result.errors?.[0]?.message ?? '');
        if (page && !page.isClosed()) await screenshot(page, `FAILED-${task.name}`).catch(() => {});
        mkdirSync(artifactsDir, { recursive: true });
        const path = join(artifactsDir, `${artifactName(`FAILED-${task.name}`)}.log`);
        writeFileSync(path, `${log.join('\n')}\n`);
        const problems = log.filter((l) => !l.includes(' navigated: '));
        if (problems.length > 0) {
          process.stderr.write(
            `[e2e] browser log of "${task.name}" (full log with navigations: ${path}):\n  ${problems.slice(-20).join('\n  ')}\n`,
          );
        }
      }
    } finally {
      await context?.close().catch(() => {});
      context = undefined;
      page = undefined;
    }
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: use the session inside a test`);
    return value;
  };
  return {
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'browser context');
    },
    get page() {
      return need(page, 'page');
    },
  };
}

/**
 * Notes a failed attempt in E2E_FAILURE_LOG (set by npm test): a test that fails and then passes
 * on its retry is named in the summary as flaky, not hidden.
 */
function recordFailure(file: string, name: string, message: string): void {
  const log = process.env['E2E_FAILURE_LOG'];
  if (!log) return;
  const firstLine = message.split('\n')[0]?.slice(0, 240) ?? '';
  appendFileSync(log, `${JSON.stringify({ file, name, message: firstLine })}\n`);
}

/** A file name made of the given name: letters, digits, '.', '_' and '-' only. */
function artifactName(name: string): string {
  return (
    name
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'artifact'
  );
}

/**
 * Writes a PNG of the page to e2e/artifacts/<name>.png and returns its path: the full page, or
 * only the viewport (what a detail pane, fixed over the page, looks like on screen).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${artifactName(name)}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
