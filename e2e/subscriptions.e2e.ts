import type { RoleKey, Subscription, SubscriptionList } from '@aerie/contract';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { demoUsers, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { waitForShell, withDarkTheme } from './support/shell.js';

const session = useBrowser();

const HEADERS = [
  'Sub Number',
  'Product',
  'KPC',
  'Account',
  'Start Date',
  'End Date',
  'Usage This Month',
];

function userOf(role: RoleKey) {
  const found = demoUsers.find((u) => u.role === role);
  if (!found) throw new Error(`no demo user with role ${role}`);
  return found;
}

const table = (page: Page): Locator => page.getByRole('table', { name: 'Subscriptions' });
const main = (page: Page): Locator => page.locator('main');

function isListResponse(response: Response): boolean {
  const url = new URL(response.url());
  return url.pathname === '/v3/subscriptions' && response.request().method() === 'GET';
}

async function settled(page: Page): Promise<void> {
  await page.waitForSelector('table[aria-label="Subscriptions"][aria-busy="false"]');
}

/** Does something, waits for the list request it causes (checked on its query) and the table. */
async function listAfter(
  page: Page,
  action: () => Promise<unknown>,
  expected: (query: URLSearchParams) => boolean = () => true,
): Promise<{ body: SubscriptionList; query: URLSearchParams }> {
  const answer = page.waitForResponse(
    (r) => isListResponse(r) && expected(new URL(r.url()).searchParams),
  );
  await action();
  const response = await answer;
  const body = (await response.json()) as SubscriptionList;
  await settled(page);
  return { body, query: new URL(response.url()).searchParams };
}

async function cells(page: Page, column: string): Promise<string[]> {
  return (await table(page).locator(`tbody td[data-column="${column}"]`).allInnerTexts()).map(
    (text) => text.trim(),
  );
}

const searchOf = (page: Page): URLSearchParams => new URL(page.url()).searchParams;

async function openList(role: RoleKey, path = '/subscriptions') {
  const { page } = session;
  const first = page.waitForResponse(isListResponse, { timeout: 60_000 });
  await signIn(page, baseUrl(), userOf(role), { path });
  await waitForShell(page);
  const response = await first;
  const body = (await response.json()) as SubscriptionList;
  await settled(page);
  await expectVisible(page.getByRole('heading', { name: 'Subscriptions', level: 1 }), 'the title');
  return { body, query: new URL(response.url()).searchParams };
}

describe('subscriptions list', () => {
  test('filters on Enter, sorts and pages on the server, with the view in the address', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const { body, query } = await openList('providerAdmin');
    // spec 001 §7, §9: EndDate ascending, sent upper-case, 50 a page.
    expect(query.get('sortField')).toBe('EndDate');
    expect(query.get('sortDirection')).toBe('ASC');
    expect(query.get('take')).toBe('50');
    expect(body.count).toBeGreaterThan(50);
    expect((await table(page).locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(
      HEADERS,
    );
    expect(await main(page).getByTestId('subscription-count').innerText()).toBe(
      `${body.count.toLocaleString('en-US')} subscriptions`,
    );
    const ends = await cells(page, 'endDate');
    expect(ends).toHaveLength(50);
    expect([...ends].sort()).toEqual(ends);
    for (const end of ends) expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The next page, then a sort by start date, newest first.
    const second = await listAfter(
      page,
      () => page.getByRole('button', { name: 'Next page' }).click(),
      (q) => q.get('skip') === '50',
    );
    expect(second.body.items[0]?.id).not.toBe(body.items[0]?.id);
    expect(searchOf(page).get('page')).toBe('2');
    await listAfter(
      page,
      () => table(page).getByRole('button', { name: 'Start Date' }).click(),
      (q) => q.get('sortField') === 'StartDate' && q.get('skip') === '0',
    );
    const sorted = await listAfter(
      page,
      () => table(page).getByRole('button', { name: 'Start Date' }).click(),
      (q) => q.get('sortField') === 'StartDate' && q.get('sortDirection') === 'DESC',
    );
    const starts = await cells(page, 'startDate');
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(searchOf(page).get('sort')).toBe('startDate');
    expect(searchOf(page).get('dir')).toBe('desc');
    expect(sorted.body.count).toBe(body.count);

    // The text applies on Enter only, back on page 1.
    await listAfter(
      page,
      () => page.getByRole('button', { name: 'Next page' }).click(),
      (q) => q.get('skip') === '50',
    );
    const word = (body.items[0]?.description ?? '').split(' ').find((w) => w.length >= 4);
    if (!word) throw new Error('no word to search for');
    const search = main(page).getByRole('searchbox', { name: 'Search' });
    let asked = false;
    const watch = (r: Response): void => {
      if (isListResponse(r) && new URL(r.url()).searchParams.has('query')) asked = true;
    };
    page.on('response', watch);
    await search.fill(word);
    // NOTE: an absence can only be watched for a while: longer than the device list's typing
    // debounce (350 ms), so a list that searched as you type would be caught here.
    await page.waitForTimeout(800);
    page.off('response', watch);
    expect(asked).toBe(false);
    const filtered = await listAfter(
      page,
      () => search.press('Enter'),
      (q) => q.get('query') === word && q.get('skip') === '0',
    );
    expect(searchOf(page).get('q')).toBe(word);
    expect(searchOf(page).has('page')).toBe(false);
    expect(filtered.body.count).toBeGreaterThan(0);
    expect(filtered.body.count).toBeLessThan(body.count);

    // Nothing matches: the spec's empty text.
    await listAfter(
      page,
      async () => {
        await search.fill('zzqx-no-such-subscription');
        await search.press('Enter');
      },
      (q) => q.get('query') === 'zzqx-no-such-subscription',
    );
    await expectVisible(table(page).getByText('No subscriptions were found.'), 'the empty text');
    await screenshot(page, 'subscriptions-empty');
  });

  test('the end-date range filters with both dates and clears; the account filter picks one account', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const all = await openList('superUser');
    const { body, query } = await listAfter(
      page,
      () => page.goto(`${baseUrl()}/subscriptions?from=2026-01-01&to=2026-12-31`),
      (q) => (q.get('filters') ?? '').startsWith('EndDate:'),
    );
    const from = Date.parse('2026-01-01T00:00:00.000Z');
    const to = Date.parse('2026-12-31T23:59:59.999Z');
    expect(query.get('filters')).toBe(`EndDate:[${from} ${to}]`);
    for (const end of await cells(page, 'endDate')) {
      expect(end >= '2026-01-01' && end <= '2026-12-31', end).toBe(true);
    }
    expect(body.count).toBeLessThan(all.body.count);
    await expectVisible(
      main(page).getByRole('button', { name: 'End date between' }),
      'the date range picker',
    );
    expect(await main(page).getByRole('button', { name: 'End date between' }).innerText()).toBe(
      '2026-01-01 – 2026-12-31',
    );
    const cleared = await listAfter(
      page,
      () => main(page).getByRole('button', { name: 'Clear the end dates' }).click(),
      (q) => !q.has('filters'),
    );
    expect(cleared.body.count).toBe(all.body.count);
    expect(searchOf(page).has('from')).toBe(false);

    // One account: every row is that account's.
    const account = main(page).getByRole('combobox', { name: 'Account' });
    await account.click();
    expect(await account.inputValue()).toBe('');
    const accountName = all.body.items[0]?.accountName ?? '';
    await account.pressSequentially(accountName.slice(0, 8));
    const one = await listAfter(
      page,
      () => page.getByRole('option', { name: accountName, exact: true }).click(),
      (q) => (q.get('filters') ?? '').startsWith('AccountId:'),
    );
    expect(one.body.count).toBeGreaterThan(0);
    expect(new Set(await cells(page, 'account'))).toEqual(new Set([accountName]));
  });

  test('a subscription opens in the detail pane with its cards, tabs and title; closing keeps the view', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList('superUser', '/subscriptions?sort=startDate&dir=desc');
    const link = table(page).locator('tbody td[data-column="product"] a').first();
    const description = (await link.innerText()).trim();
    const href = (await link.getAttribute('href')) ?? '';
    const id = /\/subscriptions\/([^/?]+)\/overview/.exec(href)?.[1];
    if (!id) throw new Error(`no subscription id in ${href}`);
    const truth = await apiAsUser<Subscription>(page, `/v3/subscriptions/${id}`);
    await link.click();
    const pane = page.getByTestId('detail-pane');
    await expectVisible(pane.getByRole('heading', { name: description, level: 1 }), 'the header');
    await expect.poll(() => page.title()).toBe(`${description} / Overview · Aerie`);
    const overview = pane.getByTestId('subscription-overview-card');
    await expectVisible(overview.getByText('Salesforce ID', { exact: true }), 'Salesforce ID');
    await expectVisible(overview.getByText('Networks', { exact: true }), 'Networks');
    await expectVisible(overview.getByText(truth.accountName, { exact: true }), 'the account');
    const devices = pane.getByTestId('subscription-devices-card');
    if (truth.deviceCount > 0) {
      const first = devices.getByRole('table', { name: 'Devices of the subscription' });
      await expectVisible(first, 'the devices');
      const names = await first.locator('tbody tr td:nth-child(2)').allInnerTexts();
      expect(names.length).toBe(Math.min(20, truth.deviceCount));
      expect(names.map((n) => n.toLowerCase())).toEqual(
        [...names].map((n) => n.toLowerCase()).sort((a, b) => a.localeCompare(b, 'en')),
      );
    } else {
      await expectVisible(devices.getByText('No devices were found.'), 'no devices');
    }
    const usage = pane.getByTestId('subscription-usage-card');
    if (truth.monthlyUsageHistory.length > 0) {
      const headers = await usage.locator('thead th').allInnerTexts();
      expect(headers.map((h) => h.trim())).toEqual([
        'Year/Month',
        'Total Usage',
        'Satellite Usage',
        'Cellular Usage',
      ]);
      const last = truth.monthlyUsageHistory.at(-1)!;
      expect((await usage.locator('tbody tr td').first().innerText()).trim()).toBe(
        `${last.year}/${String(last.month).padStart(2, '0')}`,
      );
    } else {
      await expectVisible(usage.getByText('No usage found for this subscription.'), 'no usage');
    }
    await screenshot(page, 'subscription-overview-light', { fullPage: false });
    await expectNoSeriousAxeViolations(page);

    // The JSON tab (Super User): the subscription as the API answers it.
    await pane.getByRole('tab', { name: 'JSON' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/subscriptions/${id}/json`);
    await expectVisible(pane.getByTestId('subscription-json'), 'the JSON');
    await expect.poll(() => page.title()).toBe(`${description} / JSON · Aerie`);

    // Closing goes back to the list as it was (the sort in the address).
    await pane.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/subscriptions');
    expect(searchOf(page).get('sort')).toBe('startDate');

    // A subscription's own address opens its overview.
    await page.goto(`${baseUrl()}/subscriptions/${id}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/subscriptions/${id}/overview`);
    await expectVisible(pane.getByRole('heading', { name: description, level: 1 }), 'the header');
    await withDarkTheme(page, async () => {
      await screenshot(page, 'subscription-overview-dark', { fullPage: false });
      await expectNoSeriousAxeViolations(page);
    });
  });

  test("an Account Admin sees only its accounts' subscriptions, without the JSON tab and restricted fields", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const { body } = await openList('accountAdmin');
    expect(body.count).toBeGreaterThan(0);
    const own = await apiAsUser<{ id: string; name: string }[]>(page, '/v2/accounts');
    const names = new Set(own.map((a) => a.name));
    for (const name of await cells(page, 'account')) expect(names.has(name), name).toBe(true);
    await table(page).locator('tbody td[data-column="product"] a').first().click();
    const pane = page.getByTestId('detail-pane');
    const overview = pane.getByTestId('subscription-overview-card');
    await expectVisible(overview.getByText('Data Limit', { exact: true }), 'the overview');
    expect(await overview.getByText('Salesforce ID', { exact: true }).count()).toBe(0);
    expect(await overview.getByText('Networks', { exact: true }).count()).toBe(0);
    expect(await pane.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    await withDarkTheme(page, async () => {
      await pane.getByRole('button', { name: 'Close' }).first().click();
      await settled(page);
      await screenshot(page, 'subscriptions-list-dark');
      await expectNoSeriousAxeViolations(page);
    });
    await screenshot(page, 'subscriptions-list-light');
  });
});

describe('subscriptions list usage filter', () => {
  test('shows only the subscriptions over 80% of their data this month, in the address', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const all = await openList('superUser');
    const over80 = main(page).getByRole('checkbox', { name: 'Over 80% of data this month' });
    const on = await listAfter(
      page,
      () => over80.check(),
      (q) => q.get('filters') === 'Usage:Over80' && q.get('skip') === '0',
    );
    expect(searchOf(page).get('usage')).toBe('over80');
    expect(on.body.count).toBeGreaterThan(0);
    expect(on.body.count).toBeLessThan(all.body.count);
    const products = await cells(page, 'product');
    expect(products).toHaveLength(Math.min(50, on.body.count));
    // Each row's usage this month (UTC) is at least 80% of its limit (GB = 1000^3 bytes).
    const now = new Date();
    for (const item of on.body.items.slice(0, 5)) {
      const s = await apiAsUser<Subscription>(page, `/v3/subscriptions/${item.id}`);
      const month = s.monthlyUsageHistory.find(
        (u) => u.year === now.getUTCFullYear() && u.month === now.getUTCMonth() + 1,
      );
      expect(s.dataLimitInGb).not.toBe(9999);
      expect((month?.value ?? 0) * 100).toBeGreaterThanOrEqual((s.dataLimitInGb ?? 0) * 1e9 * 80);
    }
    // The usage column (POST /v2.1/subscriptions/usage for the page's rows): each row's share
    // of its limit, at least 80% here, over a bar at the alert level.
    await expect
      .poll(async () => (await cells(page, 'usage')).every((text) => text.endsWith('%)')))
      .toBe(true);
    const usage = await cells(page, 'usage');
    expect(usage).toHaveLength(products.length);
    for (const text of usage) {
      const percent = /\((\d+)%\)$/.exec(text);
      expect(percent, text).not.toBeNull();
      expect(Number(percent![1])).toBeGreaterThanOrEqual(80);
    }
    expect(await table(page).locator('td[data-column="usage"] [data-level="ok"]').count()).toBe(0);
    await screenshot(page, 'subscriptions-usage-filter');

    // The address opens the same view; clearing the box shows every subscription again.
    await page.reload();
    await settled(page);
    await expect.poll(() => over80.isChecked()).toBe(true);
    const off = await listAfter(
      page,
      () => over80.uncheck(),
      (q) => !q.has('filters'),
    );
    expect(off.body.count).toBe(all.body.count);
    expect(searchOf(page).has('usage')).toBe(false);
  });
});

/** A current subscription of the signed-in user's accounts with no pending transfer. */
async function currentSubscription(page: Page): Promise<Subscription> {
  const list = await apiAsUser<SubscriptionList>(
    page,
    '/v3/subscriptions?take=200&sortField=EndDate&sortDirection=DESC',
  );
  for (const item of list.items) {
    const s = await apiAsUser<Subscription>(page, `/v3/subscriptions/${item.id}`);
    if (s.active && !s.pendingTransferEmail && Date.parse(s.endDate) > Date.now() + 86_400_000)
      return s;
  }
  throw new Error('no current subscription without a pending transfer');
}

async function openSubscription(page: Page, id: string): Promise<Locator> {
  await page.goto(`${baseUrl()}/subscriptions/${id}/overview`);
  const pane = page.getByTestId('detail-pane');
  await expectVisible(pane.getByTestId('subscription-overview-card'), 'the overview');
  return pane;
}

describe('subscription changes', () => {
  test('an Account Admin renames a subscription, pools its terminals, starts and cancels a transfer; the history says who and what', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList('accountAdmin');
    const s = await currentSubscription(page);
    const pane = await openSubscription(page, s.id);
    const actions = pane.getByRole('group', { name: 'Subscription actions' });
    // The provider's actions are not offered to an account.
    expect(await actions.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);

    // Rename: the description only (no terms for an account).
    await actions.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit subscription' });
    await expectVisible(edit, 'the edit dialog');
    expect(await edit.getByLabel('NMS ID').count()).toBe(0);
    const name = `Bridge link ${Date.now().toString(36)}`;
    await edit.getByLabel('Description').fill(name);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Subscription updated.'), 'the saved toast');
    await expectVisible(pane.getByRole('heading', { name, level: 1 }), 'the new name');

    // Transfer to a user of another account, then cancel it (asked first).
    await actions.getByRole('button', { name: 'Transfer' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer subscription' });
    await transfer.getByLabel(/Email of a user/).fill('no.such.user@example.com');
    await transfer.getByRole('button', { name: 'Start transfer' }).click();
    await expectVisible(
      transfer.getByText('No portal user has this email address.'),
      'the refusal',
    );
    await transfer.getByLabel(/Email of a user/).fill('priya.natarajan@aerie.example');
    await transfer.getByRole('button', { name: 'Start transfer' }).click();
    const pending = pane.getByTestId('pending-transfer');
    await expectVisible(
      pending.getByText('A transfer to priya.natarajan@aerie.example is pending.'),
      'the pending transfer',
    );
    expect(await pending.getByRole('button', { name: 'Complete transfer' }).count()).toBe(0);
    await pending.getByRole('button', { name: 'Cancel transfer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel the transfer?' });
    await expectVisible(confirm, 'the confirmation');
    await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
    await expectVisible(page.getByText('Transfer cancelled.'), 'the cancelled toast');
    await expect.poll(() => pending.count()).toBe(0);

    // Terminals: the ones on it now, plus one more of the account.
    await actions.getByRole('button', { name: 'Terminals' }).click();
    const pool = page.getByRole('dialog', { name: 'Terminals on this subscription' });
    const picker = pool.getByLabel('Terminals', { exact: true });
    await expect.poll(() => picker.isEnabled()).toBe(true);
    const before = await pool.locator('.mantine-Pill-label').count();
    await picker.click();
    const option = page.getByRole('option').filter({ hasNotText: /^$/ }).first();
    await expectVisible(option, 'a terminal to add');
    const added = (await option.innerText()).trim();
    await option.click();
    // A click beside the list closes it (Escape would close the dialog too).
    await pool.getByText(/^Up to 10 terminals/).click();
    expect(await pool.locator('.mantine-Pill-label').count()).toBe(before + 1);
    await pool.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Terminals updated.'), 'the pool toast');

    const history = pane.getByTestId('subscription-history-card');
    await expectVisible(history.getByText('Terminals changed'), 'the pool in the history');
    const rows = await history.locator('tbody tr').allInnerTexts();
    expect(rows[0]).toContain('Hannah Keller');
    expect(rows[0]).toContain(`+ ${added.replace(/ \(.*\)$/, '')}`);
    expect(rows.join('\n')).toContain('Transfer cancelled');
    expect(rows.join('\n')).toContain('Transfer started');
    expect(rows.join('\n')).toContain(`Description: ${s.description} → ${name}`);
    await screenshot(page, 'subscription-changes-history', { fullPage: false });
    await expectNoSeriousAxeViolations(page);
  });

  test('provider staff cancel a subscription after confirming; it ends at once', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList('salesSupport');
    const s = await currentSubscription(page);
    const pane = await openSubscription(page, s.id);
    const actions = pane.getByRole('group', { name: 'Subscription actions' });
    await actions.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this subscription?' });
    await expectVisible(confirm.getByText(/This cannot be undone\./), 'the consequence');
    // Keeping it changes nothing.
    await confirm.getByRole('button', { name: 'Keep subscription' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect((await apiAsUser<Subscription>(page, `/v3/subscriptions/${s.id}`)).active).toBe(true);
    await actions.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await expectVisible(page.getByText('Subscription cancelled.'), 'the toast');
    const overview = pane.getByTestId('subscription-overview-card');
    await expectVisible(overview.getByText('No', { exact: true }), 'not active');
    expect(await actions.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    const history = pane.getByTestId('subscription-history-card');
    expect(await history.locator('tbody tr').first().innerText()).toContain('Priya Natarajan');
  });
});
