#!/usr/bin/env node
// Lighthouse benchmark of the web app (issue 13). Starts the built server (`npm run build`) as
// `npm start` would run it in production (embedded database, demo data, brotli assets), opens
// Debian's Chromium, and runs Lighthouse (npm `lighthouse`, its Node API) on each page with the
// desktop and the mobile preset, RUNS times each, keeping the median run by performance score.
// Public pages run first with a fresh storage; then the benchmark signs in through the real
// sign-in form in the same tab and runs the signed-in pages without resetting storage, so they
// are measured as a signed-in user opens them (the session is in the tab's sessionStorage).
//
//   npm run bench:web [-- --runs 3] [--only desktop|mobile] [--fleet 1500] [--label before]
//
// Writes bench/results/web-lighthouse[-label].json and prints a table; docs/performance.md
// keeps the numbers.
/* global location, sessionStorage -- used in page.evaluate callbacks, which run in the browser */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { freePort } from './lib/net.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    fleet: { type: 'string', default: '1500' },
    label: { type: 'string' },
    // Only the pages whose name contains this text (e.g. --page welcome).
    page: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/server.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const USER = { email: 'sofia.reyes@aerie.example', password: 'Aerie-demo-2026' };
const presets = ['desktop', 'mobile'].filter((p) => !args.only || p === args.only);
const categories = ['performance', 'accessibility', 'best-practices'];

if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(2);
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The embedded database, as `npm start` runs it.
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO: '1',
      DEMO_FLEET_SIZE: args.fleet,
      LOG_LEVEL: 'warn',
      // A still fleet: every run sees the same data.
      FLEET_SIMULATOR_INTERVAL_S: '0',
    },
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${baseUrl}/status`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 600_000) throw new Error('the server did not start in 10 min');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`server ready after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run of `url` in `page`'s tab; the scores (0..1) and the main timings (ms). */
async function audit(page, url, preset, keepStorage) {
  // A signed-out visitor: Lighthouse's storage reset keeps cookies (the identity provider's
  // session) and the tab's sessionStorage (the portal's session); without clearing both the
  // sign-in run measured /home signed in with a cold cache (sessions 6 and 7).
  if (!keepStorage) {
    await page.goto(new URL('/status', url).href);
    await page.evaluate(() => sessionStorage.clear());
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    await cdp.detach();
  }
  const flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableStorageReset: keepStorage,
  };
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config, page);
  const { categories: c, audits: a } = result.lhr;
  const ms = (id) => Math.round(a[id]?.numericValue ?? NaN);
  return {
    performance: c.performance.score,
    accessibility: c.accessibility.score,
    bestPractices: c['best-practices'].score,
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: Number((a['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    transferKb: Math.round((a['total-byte-weight']?.numericValue ?? NaN) / 1024),
    failed: Object.values(a)
      .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode === 'binary')
      .map((x) => ({
        id: x.id,
        items: (x.details?.items ?? [])
          .slice(0, 3)
          .map((item) => JSON.stringify(item).slice(0, 300)),
      })),
    // What to fix: the longest main-thread tasks, the elements that shifted, the scripts that
    // cost the most CPU (top 5 each).
    diagnostics: {
      longTasks: (a['long-tasks']?.details?.items ?? [])
        .slice(0, 5)
        .map(
          (item) =>
            `${Math.round(item.duration)} ms ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`,
        ),
      layoutShifts: (a['layout-shifts']?.details?.items ?? [])
        .slice(0, 5)
        .map(
          (item) =>
            `${Number(item.score).toFixed(3)} ${item.node?.selector ?? item.node?.snippet ?? '?'}`,
        ),
      bootup: (a['bootup-time']?.details?.items ?? [])
        .slice(0, 5)
        .map(
          (item) =>
            `${Math.round(item.scripting)} ms ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`,
        ),
      mainThread: (a['mainthread-work-breakdown']?.details?.items ?? [])
        .slice(0, 5)
        .map((item) => `${Math.round(item.duration)} ms ${item.groupLabel ?? item.group}`),
      lcpElement:
        a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
        null,
    },
    finalUrl: result.lhr.finalDisplayedUrl,
    error: result.lhr.runtimeError?.message ?? null,
    warnings: result.lhr.runWarnings,
  };
}

/** The median run by performance score; a run that failed (no score) counts as the worst. */
function median(runs) {
  const sorted = [...runs].sort((x, y) => (x.performance ?? -1) - (y.performance ?? -1));
  return sorted[Math.floor(sorted.length / 2)];
}

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#email');
  await page.type('#email', USER.email);
  await page.type('#password', USER.password);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await page.waitForFunction(() => location.pathname === '/home', { timeout: 60_000 });
  await page.waitForSelector('h1, h2');
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();

  // The sign-in page as a signed-out user meets it: opening the portal (/home) sends the
  // browser to the identity provider's sign-in page (a fresh interaction on each run).
  const publicPages = [
    { name: '/welcome', url: `${server.baseUrl}/welcome` },
    { name: 'sign-in (from /home)', url: `${server.baseUrl}/home` },
  ];
  await signIn(page, server.baseUrl);
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:'))
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token;
    }
    return null;
  });
  const list = await (
    await fetch(`${server.baseUrl}/v2/devices?take=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const deviceId = list.items[0]?.id;
  const signedInPages = [
    { name: '/home', url: `${server.baseUrl}/home` },
    { name: '/devices', url: `${server.baseUrl}/devices` },
    ...(deviceId
      ? [{ name: 'device overview', url: `${server.baseUrl}/devices/${deviceId}/overview` }]
      : []),
    { name: '/jobs', url: `${server.baseUrl}/jobs` },
  ];

  const measure = async (pages, keepStorage) => {
    for (const { name, url } of pages.filter((p) => !args.page || p.name.includes(args.page))) {
      for (const preset of presets) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(page, url, preset, keepStorage));
        const kept = median(runs);
        results.push({ page: name, preset, ...kept, runs: runs.map((r) => r.performance) });
        console.error(
          `${name} ${preset}: performance ${kept.performance} (runs ${runs.map((r) => r.performance).join(', ')}), a11y ${kept.accessibility}, best practices ${kept.bestPractices}${kept.error ? `, error: ${kept.error}` : ''}`,
        );
      }
    }
  };
  // Signed-in pages first (the session is in this tab); public pages after, with a fresh
  // storage each run.
  await measure(signedInPages, true);
  await measure(publicPages, false);
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}

const table = [
  '| page | preset | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | KB |',
  '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: |',
  ...results.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.transferKb} |`,
  ),
].join('\n');
console.log(table);
const failing = results.filter((r) => r.failed.length > 0);
for (const r of failing) {
  console.log(`${r.page} ${r.preset}: failed audits ${r.failed.map((f) => f.id).join(', ')}`);
  for (const f of r.failed) for (const item of f.items) console.log(`  ${f.id}: ${item}`);
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, `bench/results/web-lighthouse${args.label ? `-${args.label}` : ''}.json`);
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, cpus: os.cpus().length, results }, null, 2)}\n`,
);
console.error(`written ${out}`);
