#!/usr/bin/env node
/* global window, document, location, performance, requestAnimationFrame, MutationObserver -- page.evaluate callbacks run in the browser */
// Benchmark of the home page's fleet calls (issue 15, decision 029): GET /v2/devices/map/clusters
// (the map's view clustered on the server: what /home asks), GET /v2/devices/map (every
// device the map shows, [id, lon, lat, online], gzipped once per scope) and
// GET /v2/devices/fleetSummary over a generated fleet of DEVICES devices. Starts the built server
// as its own process (PostgreSQL by default, like the device list bench), signs in through the
// real identity provider, and drives each scenario with a separate load process
// (bench/load.mjs). The hello-world route /status of the same server runs in the same run, and
// the CPU per request of the server, PostgreSQL and the load generator is recorded beside it.
// The map's first answer after a cache clear (the SQL and the gzip) is timed on its own, and
// what the browser does with the answer (JSON.parse and the contract's zod parse) is timed here
// in Node for scale.
//
//   npm run build && node bench/fleet-map.bench.mjs [--devices 100000] [--duration 8] [--only pglite|postgres]
//
// Writes bench/results/fleet-map-<devices>[-<label>].json and prints a table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startTestPostgres } from '../scripts/pg-test-server.mjs';
import { cpuMs, load, perRequest, postgresCpuMs, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '8' },
    only: { type: 'string', default: 'postgres' },
    label: { type: 'string' },
    // Also open /home in Debian's Chromium: time to a drawn, clustered map, and frame times
    // while panning (WebGL through SwiftShader: no GPU on this machine).
    browser: { type: 'boolean', default: false },
    // Only the browser's part (no load scenarios): the first view's and the map's timings.
    'browser-only': { type: 'boolean', default: false },
  },
});
const DEVICES = Number(args.devices);
const DURATION = Number(args.duration);
const root = fileURLToPath(new URL('..', import.meta.url));
const { fleetMapSchema } = await import(join(root, 'packages/contract/dist/index.js'));

const gzip = { 'accept-encoding': 'gzip' };
const ms = (from) => Math.round(Number(process.hrtime.bigint() - from) / 1e5) / 10;

/**
 * The first answer of `path` after a Device cache clear (the map: the SQL and the gzip; the
 * summary: its count), timed alone.
 */
async function cold(path, base, token, staffToken, pid, postgresPort) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const cleared = await fetch(`${base}/v2/admin/cache/device`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}` },
    });
    if (!cleared.ok) throw new Error(`cache clear: ${cleared.status}`);
    const server0 = cpuMs(pid);
    const pg0 = postgresCpuMs(postgresPort);
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}`, ...gzip },
    });
    await res.arrayBuffer();
    runs.push({
      ms: ms(started),
      serverCpuMs: cpuMs(pid) - server0,
      postgresCpuMs: pg0 === null ? null : postgresCpuMs(postgresPort) - pg0,
      bytes: Number(res.headers.get('content-length')),
    });
  }
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[2];
  return {
    runs,
    medianMs: median('ms'),
    medianServerCpuMs: median('serverCpuMs'),
    medianPostgresCpuMs: runs[0].postgresCpuMs === null ? null : median('postgresCpuMs'),
  };
}

/** What the browser does with the answer, in Node: inflate (the browser's network stack), JSON.parse, the contract's zod parse. */
async function clientSide(base, token) {
  const res = await fetch(`${base}/v2/devices/map`, {
    headers: { authorization: `Bearer ${token}`, ...gzip },
  });
  const text = await res.text(); // fetch inflates the gzipped answer
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const body = JSON.parse(text);
    const t1 = process.hrtime.bigint();
    const parsed = fleetMapSchema.parse(body);
    times.push({
      jsonParseMs: Math.round(Number(t1 - t0) / 1e5) / 10,
      zodParseMs: ms(t1),
      points: parsed.points.length,
    });
  }
  return { jsonBytes: Buffer.byteLength(text), runs: times };
}

/**
 * Drags the first view 160 px at once and returns, on the page's clock (ms since navigation),
 * when the pointer went down, when the drawing first followed it (painted), when the pointer
 * was up and when the view had moved there (its centre changed, painted); the frame intervals
 * during the drag; or, if the WebGL map had already taken over, that.
 */
async function dragFirstView(page, preview) {
  // At 1440x900 the card's middle is below the fold: the user scrolls to it first.
  await preview.scrollIntoViewIfNeeded();
  const box = await preview.boundingBox();
  const before = await preview.getAttribute('data-center');
  await page.evaluate(() => {
    window.__drag = { frames: [], downAt: null, upAt: null, followedAt: null };
    const target = document.querySelector('[data-testid="fleet-map-preview"]');
    target?.addEventListener('pointerdown', () => (window.__drag.downAt = performance.now()), {
      once: true,
    });
    target?.addEventListener('pointerup', () => (window.__drag.upAt = performance.now()), {
      once: true,
    });
    // The drawing follows the pointer by a transform on its group: the first frame painted
    // with it is when the map first answered the drag.
    const group = target?.querySelector('svg > g');
    if (group) {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        requestAnimationFrame(() => (window.__drag.followedAt = performance.now()));
      });
      observer.observe(group, { attributes: true, attributeFilter: ['transform'] });
    }
    let last = performance.now();
    const tick = (now) => {
      window.__drag.frames.push(now - last);
      last = now;
      if (window.__drag.frames.length < 600 && !window.__drag.stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(x + i * 8, y + Math.sin(i / 4) * 20);
    await new Promise((r) => setTimeout(r, 25));
  }
  await page.mouse.up();
  const moved = await page
    .waitForFunction(
      (was) => {
        const el = document.querySelector('[data-testid="fleet-map-preview"]');
        if (!el) return { tookOver: true, at: location.pathname };
        if (el.dataset.center === was) return false;
        return new Promise((resolve) =>
          requestAnimationFrame(() => resolve({ movedAt: performance.now() })),
        );
      },
      before,
      { timeout: 10_000 },
    )
    .then((handle) => handle.jsonValue());
  const drag = await page.evaluate(() => {
    window.__drag.stop = true;
    return window.__drag;
  });
  const frames = drag.frames.slice(1).sort((a, b) => a - b);
  const q = (p) =>
    Math.round(frames[Math.min(frames.length - 1, Math.floor(p * frames.length))] * 10) / 10;
  return moved.tookOver
    ? moved
    : {
        downAtMs: Math.round(drag.downAt),
        followedAtMs: Math.round(drag.followedAt),
        upAtMs: Math.round(drag.upAt),
        viewMovedAtMs: Math.round(moved.movedAt),
        frames: frames.length,
        p50FrameMs: q(0.5),
        p99FrameMs: q(0.99),
      };
}

/**
 * /home in Chromium as the staff user: from navigation to the count of devices shown, to the
 * first view drawn (SVG, the server's clusters), to the WebGL map's first frame with the fleet
 * (it starts once the page has been quiet 2.5 s, or at the pointer), and to the map idle with
 * every layer; then frame intervals during a 2 s pan.
 */
async function browserHome(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/home`);
    await page.getByLabel('Email', { exact: true }).fill('sofia.reyes@aerie.example');
    await page.getByLabel('Password', { exact: true }).fill('Aerie-demo-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 60_000 });
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await page.goto(`${base}/home`);
      const count = page.getByTestId('fleet-map-count');
      await count.waitFor({ timeout: 60_000 });
      const dataAt = Date.now() - started;
      // The first view (SVG, no WebGL) marks when it drew the fleet, on the page's clock.
      const preview = page.locator('[data-testid="fleet-map-preview"][data-drawn-at-ms]').first();
      await preview.waitFor({ timeout: 60_000 });
      const previewDrawnAt = Number(await preview.getAttribute('data-drawn-at-ms'));
      // The user drags the first view as soon as it shows: when the drag starts and when the
      // moved view is on screen (the first view answers the pointer from its first drawing).
      const firstDrag = await dragFirstView(page, preview);
      await page.waitForSelector('[data-testid="fleet-map"][data-clusters]', { timeout: 60_000 });
      // The map marks when the fleet first showed, on the page's clock (ms since navigation).
      const drawnAt = await page.getByTestId('fleet-map').getAttribute('data-drawn-at-ms');
      const marks = await page.evaluate(() =>
        Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('fleet-map:'))
            .map((m) => [m.name.slice('fleet-map:'.length), Math.round(m.startTime)]),
        ),
      );
      runs.push({
        dataMs: dataAt,
        firstViewDrawnMs: previewDrawnAt,
        firstDrag,
        webglFleetDrawnMs: Number(drawnAt),
        marks,
        idleMs: Date.now() - started,
        shown: await count.innerText(),
      });
    }
    // Pan: drag across the map for 2 s and record the intervals between animation frames.
    await page.getByTestId('fleet-map').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('fleet-map').boundingBox();
    await page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__frames.length < 2000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const steps = 60;
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(cx - (i * box.width) / 3 / steps, cy + Math.sin(i / 8) * 40);
      await new Promise((r) => setTimeout(r, 2000 / steps));
    }
    await page.mouse.up();
    const frames = await page.evaluate(() => window.__frames.slice(1));
    frames.sort((a, b) => a - b);
    const at = (q) =>
      Math.round(frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] * 10) / 10;
    return {
      runs,
      pan: {
        frames: frames.length,
        p50FrameMs: at(0.5),
        p90FrameMs: at(0.9),
        p99FrameMs: at(0.99),
      },
    };
  } finally {
    await browser.close();
  }
}

async function runTarget(name, env, postgresPort = null) {
  console.log(`\n== ${name}: starting the server and generating ${DEVICES} devices`);
  const server = await startServer(root, env, DEVICES);
  try {
    const staff = await signIn(server.base, 'sofia.reyes@aerie.example');
    const accountAdmin = await signIn(server.base, 'hannah.keller@northwind.example');
    // The answer's size, gzipped as sent and as JSON.
    const sent = await fetch(`${server.base}/v2/devices/map`, {
      headers: { authorization: `Bearer ${staff}`, ...gzip },
    });
    // fetch inflates the answer; Content-Length is the size sent.
    const json = Buffer.from(await sent.arrayBuffer());
    if (args['browser-only']) {
      const browser = await browserHome(server.base);
      console.log(`in Chromium: ${JSON.stringify(browser)}`);
      return { readySeconds: server.readySeconds, browser };
    }
    const size = {
      contentEncoding: sent.headers.get('content-encoding'),
      gzippedBytes: Number(sent.headers.get('content-length')),
      jsonBytes: json.length,
    };
    console.log(`map answer: ${size.jsonBytes} bytes of JSON, ${size.gzippedBytes} gzipped`);
    const at = (path, token) => cold(path, server.base, token, staff, server.pid, postgresPort);
    const world = '/v2/devices/map/clusters?zoom=2&west=-180&south=-85&east=180&north=85';
    const europe = '/v2/devices/map/clusters?zoom=5&west=-12&south=35&east=30&north=60';
    const firstAnswers = {
      clustersStaff: await at(world, staff),
      clustersAccountAdmin: await at(world, accountAdmin),
      mapStaff: await at('/v2/devices/map', staff),
      mapAccountAdmin: await at('/v2/devices/map', accountAdmin),
      summaryStaff: await at('/v2/devices/fleetSummary', staff),
      summaryAccountAdmin: await at('/v2/devices/fleetSummary', accountAdmin),
    };
    for (const [name, r] of Object.entries(firstAnswers))
      console.log(
        `${name} after a cache clear: ${r.medianMs} ms (server CPU ${r.medianServerCpuMs} ms, PostgreSQL ${r.medianPostgresCpuMs} ms)`,
      );
    const client = await clientSide(server.base, staff);
    console.log(`in the client (Node): ${JSON.stringify(client.runs)}`);

    const scenarios = [
      ['hello world (/status)', `${server.base}/status`, {}, 50],
      [
        'fleet summary (staff)',
        `${server.base}/v2/devices/fleetSummary`,
        { authorization: `Bearer ${staff}` },
        50,
      ],
      [
        'fleet summary (account admin)',
        `${server.base}/v2/devices/fleetSummary`,
        { authorization: `Bearer ${accountAdmin}` },
        50,
      ],
      [
        'clusters, world view (staff)',
        `${server.base}${world}`,
        { authorization: `Bearer ${staff}`, ...gzip },
        8,
      ],
      [
        'clusters, Europe at zoom 5 (staff)',
        `${server.base}${europe}`,
        { authorization: `Bearer ${staff}`, ...gzip },
        8,
      ],
      [
        'clusters, world view (account admin)',
        `${server.base}${world}`,
        { authorization: `Bearer ${accountAdmin}`, ...gzip },
        8,
      ],
      [
        'map, gzipped (staff)',
        `${server.base}/v2/devices/map`,
        { authorization: `Bearer ${staff}`, ...gzip },
        8,
      ],
      [
        'map, gzipped (account admin)',
        `${server.base}/v2/devices/map`,
        { authorization: `Bearer ${accountAdmin}`, ...gzip },
        8,
      ],
    ];
    const results = {};
    for (const [label, url, headers, concurrency] of scenarios) {
      const server0 = cpuMs(server.pid);
      const pg0 = postgresCpuMs(postgresPort);
      const r = await load(root, url, headers, concurrency, DURATION);
      const cpuUsPerRequest = {
        server: perRequest(server0, cpuMs(server.pid), r.requests),
        postgres: perRequest(pg0, postgresCpuMs(postgresPort), r.requests),
        loader: perRequest(0, r.loaderCpuMs, r.requests),
      };
      results[label] = { concurrency, ...r, cpuUsPerRequest };
      console.log(
        `${label.padEnd(32)} c=${String(concurrency).padStart(2)}  rps ${String(r.rps).padStart(6)}  p50 ${String(r.p50).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}  ${r.meanKb} KB  cpu µs/req server ${cpuUsPerRequest.server} pg ${cpuUsPerRequest.postgres} loader ${cpuUsPerRequest.loader}`,
      );
    }
    let browser = null;
    if (args.browser) {
      browser = await browserHome(server.base);
      console.log(`in Chromium: ${JSON.stringify(browser)}`);
    }
    return {
      readySeconds: server.readySeconds,
      size,
      firstAnswers,
      client,
      scenarios: results,
      browser,
    };
  } finally {
    await server.stop();
  }
}

const output = {
  date: new Date().toISOString(),
  machine: {
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: os.loadavg().map((l) => Math.round(l * 10) / 10) },
  },
  devices: DEVICES,
  durationSeconds: DURATION,
  targets: {},
};
if (args.only !== 'postgres') {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-'));
  try {
    output.targets.pglite = await runTarget('PGlite (embedded)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args.only !== 'pglite') {
  const pg = await startTestPostgres();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'aerie-bench-pg-'));
  try {
    const admin = new URL(pg.url);
    const url = new URL(pg.url);
    url.pathname = '/aerie_bench_map';
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('drop database if exists aerie_bench_map');
    await client.query('create database aerie_bench_map');
    await client.end();
    output.targets.postgres = {
      version: pg.version,
      ...(await runTarget(
        `PostgreSQL ${pg.version ?? ''}`,
        { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
        url.port,
      )),
    };
  } finally {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
output.machine.loadAverage.end = os.loadavg().map((l) => Math.round(l * 10) / 10);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(
  root,
  `bench/results/fleet-map-${DEVICES}${args.label ? `-${args.label}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
