import { readFile } from 'node:fs/promises';
import type { RoleKey } from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { demoUsers, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { untilStill } from './support/settle.js';
import { chooseOption } from './support/shell.js';

const session = useBrowser();

const HUB = 'FlexMove hub';
const CN0 = 'Downstream C/N0';
const LATENCY = 'Round-trip latency';
const GRAPH_NAME = `${CN0} & ${LATENCY}`;

interface DeviceRef {
  id: string;
  name: string;
  serial: string | null;
}

/** A device of the user's accounts that has hub metrics in the last 24 hours. */
async function deviceWithHubMetrics(page: Page): Promise<DeviceRef> {
  const list = await apiAsUser<{ items: DeviceRef[] }>(
    page,
    '/v2/devices?take=50&sortField=Name&sortDirection=ASC&filters=NetworkStatus.SatelliteOnline:true',
  );
  const end = new Date();
  const start = new Date(end.getTime() - 24 * 3_600_000);
  for (const device of list.items) {
    const data = await apiAsUser<{ metrics: { values: unknown[] }[] }>(
      page,
      '/v2/devices/metrics',
      {
        method: 'POST',
        body: {
          provider: 'PV_INTSATFLEXMOVE',
          metrics: ['MT_CN0', 'MT_LATENCY'],
          deviceIds: [device.id],
          startDate: start.toISOString(),
          endDate: end.toISOString(),
        },
      },
    );
    if (data.metrics.every((m) => m.values.length > 10)) return device;
  }
  throw new Error('no device of the user has hub metrics in the last 24 hours');
}

async function openAs(role: RoleKey, section: 'usage' | 'metrics'): Promise<DeviceRef> {
  const { page } = session;
  const user = demoUsers.find((u) => u.role === role)!;
  await signIn(page, baseUrl(), user);
  const device = await deviceWithHubMetrics(page);
  await page.goto(`${baseUrl()}/devices/${device.id}/${section}`);
  await expectVisible(
    page.getByRole('heading', { name: device.name, level: 1 }),
    'the device header',
  );
  return device;
}

async function downloadText(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  return { name: download.suggestedFilename(), text };
}

const pad = (n: number) => String(n).padStart(2, '0');

function graphCard(page: Page, name: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

for (const role of ['superUser', 'credentialed'] as const) {
  describe(`device usage and metrics as ${role}`, () => {
    test('usage: switch months, see the totals, export the month', async () => {
      const { page } = session;
      const device = await openAs(role, 'usage');
      const now = new Date();
      const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
      const panel = page.getByRole('tabpanel', { name: 'Usage History' });
      await expectVisible(
        panel.getByText(`Daily usage in ${thisMonth}`),
        'the table of this month',
      );
      await expectVisible(panel.getByText('Satellite this month'), 'the satellite total');
      const footer = panel.locator('tfoot tr');
      expect(await footer.innerText()).toMatch(
        /Total\s+\d+\.\d (B|KB|MB|GB|TB)\s+\d+\.\d (B|KB|MB|GB|TB)/,
      );

      // The previous month: every one of its days.
      const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
      const previousKey = `${previous.getFullYear()}-${pad(previous.getMonth() + 1)}`;
      await panel.getByRole('button', { name: 'Month' }).click();
      if (previous.getFullYear() !== now.getFullYear()) {
        await page.getByRole('button', { name: 'Previous year' }).click();
      }
      const monthName = previous.toLocaleString('en-US', { month: 'long', year: 'numeric' });
      await page.getByRole('button', { name: monthName, exact: true }).click();
      await expectVisible(
        panel.getByText(`Daily usage in ${previousKey}`),
        'the table of last month',
      );
      const days = new Date(previous.getFullYear(), previous.getMonth() + 1, 0).getDate();
      expect(await panel.locator('tbody tr').count()).toBe(days);
      await screenshot(page, `device-usage-${role}`);
      await expectNoSeriousAxeViolations(page);

      const { name, text } = await downloadText(page, () =>
        panel.getByRole('button', { name: 'Export to CSV' }).click(),
      );
      expect(name).toBe(`usage-${device.serial ?? device.name}-${previousKey}.csv`);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Date,CellularUsage,SatelliteUsage');
      expect(lines[1]).toMatch(new RegExp(`^${previousKey}-01,\\d+,\\d+$`));
      expect(lines.filter((l) => l.length > 0)).toHaveLength(days + 1);
    });

    test('metrics: add a two-metric graph, change its span, find it after reload, remove it', async () => {
      const { page } = session;
      await openAs(role, 'metrics');
      const panel = page.getByRole('tabpanel', { name: 'Metrics' });
      await expectVisible(
        panel.getByText('Add some graphs via the button above!'),
        'the empty text',
      );

      await panel.getByRole('button', { name: 'Add Graph' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Graph' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectVisible(
        dialog.getByText('Please choose a Type for the first metric.'),
        'the first-metric validation message',
      );
      await screenshot(page, `device-metrics-add-graph-${role}`);
      await expectNoSeriousAxeViolations(page);

      const first = dialog.getByRole('group', { name: 'First metric' });
      const second = dialog.getByRole('group', { name: 'Second metric (optional)' });
      await chooseOption(first, 'Provider', HUB);
      await chooseOption(first, 'Type', CN0);
      await chooseOption(second, 'Provider', HUB);
      // The second list leaves out the first metric of the same provider.
      await second.getByRole('combobox', { name: 'Type' }).click();
      await expectVisible(
        page.getByRole('option', { name: LATENCY, exact: true }),
        'the latency option',
      );
      expect(await page.getByRole('option', { name: CN0, exact: true }).count()).toBe(0);
      await page.getByRole('option', { name: LATENCY, exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = graphCard(page, GRAPH_NAME);
      await expectVisible(card.locator('canvas'), 'the chart canvas');
      await chooseOption(card, 'Time span', 'Last 7 days');
      await expectVisible(card.locator('canvas'), 'the chart over 7 days');
      await untilStill(card);
      await screenshot(page, `device-metrics-graph-${role}`);
      await expectNoSeriousAxeViolations(page);

      const { name, text } = await downloadText(page, () =>
        card.getByRole('button', { name: 'Export to CSV' }).click(),
      );
      expect(name).toBe('metrics-export.csv');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(`Timestamp,${CN0} (dBHz),${LATENCY} (ms)`);
      expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z,-?[\d.]*,-?[\d.]*$/);

      await page.reload();
      const saved = graphCard(page, GRAPH_NAME);
      await expectVisible(saved.locator('canvas'), 'the saved graph after reload', 30_000);
      expect(await saved.getByRole('combobox', { name: 'Time span' }).inputValue()).toBe(
        'Last 7 days',
      );

      await saved.getByRole('button', { name: `Remove graph ${GRAPH_NAME}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await expectVisible(
        panel.getByText('Add some graphs via the button above!'),
        'the empty text again',
      );
      await page.reload();
      await expectVisible(
        page.getByText('Add some graphs via the button above!'),
        'no graph after reload',
        30_000,
      );
    });
  });
}
