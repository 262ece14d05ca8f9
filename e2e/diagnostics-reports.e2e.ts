import {
  DIAGNOSTICS_MESSAGES as M,
  type DeviceList,
  type Device,
  type DiagnosticFile,
  type DiagnosticFileList,
} from '@aerie/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { accessToken, apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { bundleFile } from './support/diagnostics.js';
import { signInAsRole, withDarkTheme } from './support/shell.js';

const session = useBrowser();

const dir = mkdtempSync(join(tmpdir(), 'aerie-e2e-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let uploaded: Promise<{ deviceId: string; file: DiagnosticFile }> | null = null;

/**
 * A bundle with six hours of 1 Hz tracking (21,600 records: downsampled to 1000 points), uploaded
 * once for the file's tests through the API and processed: its device and file.
 */
function trackingBundle(page: Page): Promise<{ deviceId: string; file: DiagnosticFile }> {
  uploaded ??= (async () => {
    const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=20&sortField=Name&fields=Id');
    for (const { id } of list.items) {
      if (!id) continue;
      const device = await apiAsUser<Device>(page, `/v2/devices/${id}`);
      const serial = device.components.find((c) => c.type === 'Antenna' && c.serial)?.serial;
      if (!serial) continue;
      const takenAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 60_000);
      const bundle = await bundleFile(dir, {
        antennaSerial: serial,
        takenAt,
        trackingHours: 6,
        logLines: 2_000,
      });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bundle.bytes)]), bundle.name);
      const res = await fetch(new URL(`/v2/storage/diagnostics/${serial}`, baseUrl()), {
        method: 'POST',
        headers: { Authorization: `Bearer ${await accessToken(page)}` },
        body: form,
      });
      if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const files = await apiAsUser<DiagnosticFileList>(
          page,
          `/v2/storage/diagnostics/${serial}/items`,
        );
        const file = files.items.find((f) => f.fileName === bundle.name);
        if (file?.status === 'Ready') return { deviceId: id, file };
        if (file?.status === 'Rejected' || Date.now() > deadline) {
          throw new Error(`the bundle was not processed: ${file?.status ?? 'missing'}`);
        }
        await page.waitForTimeout(250);
      }
    }
    throw new Error('no demo device with an antenna serial');
  })();
  return uploaded;
}

/**
 * Pixels of the canvas under `selector` close to a colour (the red of the blockage arcs), or,
 * with `inDisc`, within that fraction of the sky plot's disc (its legend and labels left out).
 */
async function pixelsOfColour(
  page: Page,
  selector: string,
  rgb: [number, number, number],
  inDisc?: number,
) {
  return page.evaluate(
    ({ selector, rgb, inDisc }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`${selector} canvas`);
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return -1;
      const { width, height } = canvas;
      const { data } = context.getImageData(0, 0, width, height);
      // The disc as polar-option.ts lays it out: centre 50% 44%, radius 72% of half the side.
      const [cx, cy, r] = [width * 0.5, height * 0.44, (Math.min(width, height) / 2) * 0.72];
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (inDisc !== undefined) {
          const x = (i / 4) % width;
          const y = Math.floor(i / 4 / width);
          if (Math.hypot(x - cx, y - cy) > r * inDisc) continue;
        }
        const d =
          Math.abs((data[i] ?? 0) - rgb[0]) +
          Math.abs((data[i + 1] ?? 0) - rgb[1]) +
          Math.abs((data[i + 2] ?? 0) - rgb[2]);
        if (d < 40 && (data[i + 3] ?? 0) > 200) n += 1;
      }
      return n;
    },
    { selector, rgb, inDisc },
  );
}

/** A colour variable of the theme on the page now, as RGB (`#rrggbb` values). */
async function themeColour(page: Page, variable: string): Promise<[number, number, number]> {
  const hex = await page.evaluate(
    (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(),
    variable,
  );
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`${variable} is not #rrggbb: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** The info modal's "Showing n of m samples" as numbers. */
async function shownSamples(page: Page): Promise<{ points: number; samples: number }> {
  await page.getByRole('button', { name: 'About the data shown' }).click();
  const dialog = page.getByRole('dialog', { name: 'About the data shown' });
  const text = await dialog.getByTestId('downsampling-shown').innerText();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
  const all = /^Showing all ([\d,]+) samples/.exec(text);
  if (all) {
    const n = Number(all[1]!.replace(/,/g, ''));
    return { points: n, samples: n };
  }
  const some = /^Showing ([\d,]+) of ([\d,]+) samples/.exec(text);
  if (!some) throw new Error(`unexpected text: ${text}`);
  return {
    points: Number(some[1]!.replace(/,/g, '')),
    samples: Number(some[2]!.replace(/,/g, '')),
  };
}

/** Signs in as Sales Support and opens a report of the file's bundle (uploaded once). */
async function openReport(page: Page, report: 'aim-tracking' | 'aim-metric'): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsRole(page, 'salesSupport');
  const { deviceId, file } = await trackingBundle(page);
  await page.goto(
    `${baseUrl()}/devices/${deviceId}/diagnostics/analyze/${file.fileHash}/${report}`,
  );
}

const isTrackingCall = (r: Request) => r.url().includes('/v1/diagnostics/reports/aimtracking');

describe('Diagnostics: the AIM Tracking and Metrics reports', () => {
  // NOTE: 120 s: the file's first test also generates, uploads and processes the bundle.
  test('Sales Support sees where the antenna lost the satellite on the sky plot, narrows the range and resets', async () => {
    const { page } = session;
    await openReport(page, 'aim-tracking');
    const polar = page.getByRole('img', { name: 'Sky plot of the antenna tracking' });
    await expectVisible(polar, 'the sky plot', 60_000);
    const reports = page.getByRole('tablist', { name: 'Reports' });
    expect(
      await reports.getByRole('tab', { name: 'AIM Tracking' }).getAttribute('aria-selected'),
    ).toBe('true');
    // The default graphs (spec 001 §2).
    for (const field of ['averageSinr', 'theta', 'phi', 'satelliteId']) {
      await expectVisible(
        page.getByRole('img', { name: `${field} over time` }),
        `the ${field} graph`,
      );
    }
    // The blockage zones are drawn as red arcs.
    await expect
      .poll(() => pixelsOfColour(page, '[data-testid="aim-polar-chart"]', [224, 49, 49]), {
        timeout: 10_000,
      })
      .toBeGreaterThan(50);
    const whole = await shownSamples(page);
    expect(whole.samples).toBeGreaterThan(1000);
    expect(whole.points).toBeLessThanOrEqual(1000);
    await screenshot(page, 'diagnostics-aim-tracking');
    await page.getByRole('img', { name: 'averageSinr over time' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'diagnostics-aim-tracking-graphs', { fullPage: false });
    await expectNoSeriousAxeViolations(page);

    // Narrowing the range asks the server again, with the new start.
    const narrowed = page.waitForRequest((r) => isTrackingCall(r) && r.url().includes('fromDate='));
    const start = page.getByRole('slider', { name: 'Start of the date range' });
    await start.focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
    const request = await narrowed;
    const from = new URL(request.url()).searchParams.get('fromDate');
    expect(from).not.toBeNull();
    await expect.poll(async () => (await shownSamples(page)).samples).toBeLessThan(whole.samples);
    const reset = page.getByRole('button', { name: 'Reset', exact: true });
    expect(await reset.isEnabled()).toBe(true);

    // Reset asks for the whole log again.
    const again = page.waitForRequest((r) => isTrackingCall(r) && !r.url().includes('fromDate='));
    await reset.click();
    await again.catch(() => undefined);
    await expect.poll(async () => (await shownSamples(page)).samples).toBe(whole.samples);
    expect(await reset.isDisabled()).toBe(true);

    // A graph is added and removed with its chip.
    await page.getByRole('checkbox', { name: 'gbiasZ', exact: true }).check();
    await expectVisible(page.getByRole('img', { name: 'gbiasZ over time' }), 'the added graph');
    await page.getByRole('checkbox', { name: 'theta', exact: true }).uncheck();
    await page.getByRole('img', { name: 'theta over time' }).waitFor({ state: 'detached' });
    // The sky plot's rings are drawn in the theme's border colour: the light one's, then, once
    // the theme is changed with the plot on screen, none of it (the dark one's instead).
    const sky = '[data-testid="aim-polar-chart"]';
    const lightBorder = await themeColour(page, '--mantine-color-default-border');
    expect(await pixelsOfColour(page, sky, lightBorder, 0.95)).toBeGreaterThan(200);
    await withDarkTheme(page, async () => {
      await expect.poll(() => pixelsOfColour(page, sky, lightBorder, 0.95)).toBeLessThan(20);
      await polar.scrollIntoViewIfNeeded();
      await screenshot(page, 'diagnostics-aim-tracking-dark', { fullPage: false });
      await expectNoSeriousAxeViolations(page);
    });
  }, 120_000);

  test('the Metrics report: a graph per metric, All Graphs and a checkbox per metric, Large and Small', async () => {
    const { page } = session;
    await openReport(page, 'aim-tracking');
    // The Metrics tab of the same file.
    await page
      .getByRole('tablist', { name: 'Reports' })
      .getByRole('tab', { name: 'Metrics' })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/aim-metric'));
    const allGraphs = page.getByRole('checkbox', { name: 'All Graphs' });
    await expectVisible(allGraphs, 'All Graphs', 30_000);
    const graphs = page.getByTestId('metric-graph');
    const metrics = page.getByRole('group', { name: 'Metrics to show' }).getByRole('checkbox');
    const names = await metrics.evaluateAll((boxes) =>
      boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ''),
    );
    expect(names).toEqual([
      'boardTemperature',
      'cpuLoad',
      'gpsSatellites',
      'linkUp',
      'rxBytes',
      'sinr',
      'txBytes',
    ]);
    // Fewer than 9: one column.
    expect(await page.getByTestId('metric-checkbox-column').count()).toBe(1);
    expect(await allGraphs.isChecked()).toBe(true);
    await expect.poll(() => graphs.count()).toBe(7);
    await page.getByRole('checkbox', { name: 'cpuLoad', exact: true }).uncheck();
    await expect.poll(() => graphs.count()).toBe(6);
    expect(await allGraphs.evaluate((b) => (b as HTMLInputElement).indeterminate)).toBe(true);
    // From some, All Graphs shows them all; again, none.
    await allGraphs.check();
    await expect.poll(() => graphs.count()).toBe(7);
    await allGraphs.uncheck();
    await expect.poll(() => graphs.count()).toBe(0);
    await expectVisible(page.getByText('Choose a metric to show its graph.'), 'the hint');
    await allGraphs.check();
    await expect.poll(() => graphs.count()).toBe(7);

    // Large graphs are 400 px high, small ones 100 px (spec 001 §9).
    const chartHeight = () =>
      page
        .getByRole('img', { name: 'sinr (dB) over time' })
        .evaluate((e) => e.getBoundingClientRect().height);
    expect(await chartHeight()).toBe(400);
    await screenshot(page, 'diagnostics-metrics-large');
    await expectNoSeriousAxeViolations(page);
    await page.getByText('Small', { exact: true }).click();
    await expect.poll(chartHeight).toBe(100);
    await screenshot(page, 'diagnostics-metrics-small');
    await withDarkTheme(page, async () => {
      await page.waitForTimeout(300);
      await screenshot(page, 'diagnostics-metrics-dark');
      await expectNoSeriousAxeViolations(page);
    });
  });

  test('a failed tracking call says so in the spec’s words', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsRole(page, 'superUser');
    const { deviceId, file } = await trackingBundle(page);
    await page.route('**/v1/diagnostics/reports/aimtracking**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto(
      `${baseUrl()}/devices/${deviceId}/diagnostics/analyze/${file.fileHash}/aim-tracking`,
    );
    await expectVisible(page.getByText(M.fetchFailed.aimTracking).first(), 'the error', 30_000);
  });
});
