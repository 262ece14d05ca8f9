import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  roleCan,
  roleKeys,
  subscriptionReportColumns,
  type RoleKey,
} from '@aerie/contract';
import { NORTHWIND_ACCOUNTS, NORTHWIND_TREE, accountId } from '../../test/fleet-fixtures.js';
import { principalOf, authorizeOver } from '../../test/service-fakes.js';
import { unzip } from '../../test/unzip.js';
import { readXlsx, type ReadSheet, type SheetValue } from '../../test/xlsx.js';
import { useApiContext } from '../../test/test-app.js';
import { createSubscriptionReportRepository } from './subscription-report.repository.js';
import { createSubscriptionReportService } from './subscription-report.service.js';

/**
 * `GET /v2/subscriptions/{year}/{month}` through the real app: the workbook read back with
 * exceljs. The subscriptions fleet (usage from September to November 2026) and, in October
 * 2026, fixture subscriptions of Northwind's Pacific fleet at the month's edges with known usage.
 * One heavy read at a time per user, so the streaming test can see a download hold its slot.
 */
const api = useApiContext({
  // The subscriptions tests' fleet: 150 devices over 10 accounts, usage from September 2026.
  fleet: { seed: 11, deviceCount: 150, accountCount: 10, usageDays: 75 },
  env: { HEAVY_CALLS_PER_USER: '1' },
});

const C = subscriptionReportColumns;
const OCTOBER = '/v2/subscriptions/2026/10';
const GB = 1_000_000_000;
const VIEWERS = roleKeys.filter((r) => roleCan(r, 'subscriptions.view'));

/** The fixture subscriptions, by their description. */
const fixtures = {
  /** Starts late on 15 October; three devices in October, one of them outside Northwind. */
  halfDay: 'Report fixture A (starts 15 Oct 23:30)',
  /** No number, no data limit; ends at the first instant of October. */
  endsAtStart: 'Report fixture B (ends 1 Oct 00:00)',
  /** Ended in the last millisecond of September: not in October's report. */
  endedBefore: 'Report fixture C (ended 30 Sep)',
  /** Starts at the first instant of November: not in October's report. */
  startsAfter: 'Report fixture D (starts 1 Nov)',
  /** Starts in October's last second; no usage recorded. */
  startsLast: 'Report fixture E (starts 31 Oct 23:59:59)',
  /** Two with the same number, for the order's tie-break. */
  dupA: 'Report fixture F (duplicate number)',
  dupB: 'Report fixture G (duplicate number)',
  /** A Terra Logistics subscription, the only one of May 2003. */
  terra2003: 'Report fixture T (Terra, May 2003)',
} as const;

let pacific: string;
let terra: string;

async function addSubscription(
  account: string,
  description: string,
  values: {
    number: string | null;
    start: string;
    end: string;
    limit: number | null;
    sf?: string;
  },
): Promise<string> {
  const [row] = await api.rows<{ id: string }>(
    `insert into subscriptions (account_id, subscription_number, description, product_code,
       start_date, end_date, data_limit_gb, salesforce_object_id, salesforce_account_id)
     values ($1, $2, $3, 'RPT-FIX', $4, $5, $6, $7, $8) returning id`,
    [
      account,
      values.number,
      description,
      values.start,
      values.end,
      values.limit,
      values.sf ?? null,
      values.sf ? `ACC-${values.sf}` : null,
    ],
  );
  return row!.id;
}

async function addUsage(subscription: string, satellite: number, cellular: number) {
  await api.rows(
    `insert into subscription_monthly_usage (subscription_id, year, month, satellite_bytes, cellular_bytes)
     values ($1, 2026, 10, $2, $3)`,
    [subscription, satellite, cellular],
  );
}

/** A new device of `account` linked to `subscription` from `start` to `end`. */
async function link(account: string, subscription: string, start: string, end: string | null) {
  await api.rows(
    `with d as (insert into devices (account_id, name, serial)
                values ($1, 'Report unit ' || gen_random_uuid(), null) returning id)
     insert into device_subscriptions (device_id, subscription_id, start_date, end_date, active)
     select d.id, $2, $3, $4, $4::timestamptz is null from d`,
    [account, subscription, start, end],
  );
}

beforeAll(async () => {
  pacific = await accountId(api, 'Northwind Maritime – Pacific Fleet');
  terra = await accountId(api, 'Terra Logistics');
  const a = await addSubscription(pacific, fixtures.halfDay, {
    number: 'RPT-0001',
    start: '2026-10-15T23:30:00Z',
    end: '2027-10-15T00:00:00Z',
    limit: 9999,
    sf: 'a0XRPT0001',
  });
  await addUsage(a, 499_999_999, 500_000_000);
  await link(pacific, a, '2026-10-16T00:00:00Z', null);
  await link(pacific, a, '2026-09-01T00:00:00Z', '2026-10-02T00:00:00Z');
  await link(pacific, a, '2026-08-01T00:00:00Z', '2026-09-30T23:00:00Z');
  await link(terra, a, '2026-10-20T00:00:00Z', '2026-10-25T00:00:00Z');
  const b = await addSubscription(pacific, fixtures.endsAtStart, {
    number: null,
    start: '2026-09-01T00:00:00Z',
    end: '2026-10-01T00:00:00Z',
    limit: null,
  });
  await addUsage(b, 1_500_000_000, 1_499_999_999);
  await addSubscription(pacific, fixtures.endedBefore, {
    number: 'RPT-0003',
    start: '2026-08-01T00:00:00Z',
    end: '2026-09-30T23:59:59.999Z',
    limit: 50,
  });
  await addSubscription(pacific, fixtures.startsAfter, {
    number: 'RPT-0004',
    start: '2026-11-01T00:00:00Z',
    end: '2027-11-01T00:00:00Z',
    limit: 50,
  });
  await addSubscription(pacific, fixtures.startsLast, {
    number: 'RPT-0005',
    start: '2026-10-31T23:59:59Z',
    end: '2027-10-31T00:00:00Z',
    limit: 50,
  });
  for (const description of [fixtures.dupA, fixtures.dupB]) {
    await addSubscription(pacific, description, {
      number: 'RPT-DUP',
      start: '2026-01-01T00:00:00Z',
      end: '2027-01-01T00:00:00Z',
      limit: 20,
    });
  }
  await addSubscription(terra, fixtures.terra2003, {
    number: 'RPT-2003',
    start: '2003-05-10T00:00:00Z',
    end: '2003-05-20T00:00:00Z',
    limit: 5,
  });
});

async function report(role: RoleKey, url = OCTOBER): Promise<ReadSheet> {
  const res = await api.call(role, 'GET', url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return readXlsx(res.rawPayload);
}

function row(sheet: ReadSheet, description: string): Record<string, SheetValue> | undefined {
  return sheet.rows.find((r) => r[C.description] === description);
}

function refusal(res: LightMyRequestResponse) {
  return apiErrorSchema.parse(res.json());
}

/** Ground truth of October 2026 in the report's order, with the expected figures. */
async function octoberTruth(scope: 'all' | 'northwind') {
  return api.rows<{
    account: string;
    number: string | null;
    description: string;
    limit: number | null;
    sat: number;
    cell: number;
    total: number;
    devices: number;
  }>(
    `select a.name as account, s.subscription_number as number, s.description,
            s.data_limit_gb as limit,
            floor((coalesce(u.satellite_bytes, 0) + 500000000) / 1e9)::int as sat,
            floor((coalesce(u.cellular_bytes, 0) + 500000000) / 1e9)::int as cell,
            floor((coalesce(u.satellite_bytes + u.cellular_bytes, 0) + 500000000) / 1e9)::int as total,
            (select count(*)::int from device_subscriptions ds join devices d on d.id = ds.device_id
              where ds.subscription_id = s.id and ds.start_date < '2026-11-01'
                and (ds.end_date is null or ds.end_date > '2026-10-01')
                ${scope === 'northwind' ? `and d.account_id in (${NORTHWIND_TREE})` : ''}) as devices
     from subscriptions s join accounts a on a.id = s.account_id
     left join subscription_monthly_usage u on u.subscription_id = s.id and u.year = 2026 and u.month = 10
     where s.start_date < '2026-11-01' and s.end_date >= '2026-10-01'
       ${scope === 'northwind' ? `and s.account_id in (${NORTHWIND_TREE})` : ''}
     order by lower(a.name), a.name, a.id, s.subscription_number is null,
              coalesce(s.subscription_number, '') collate "C", s.id`,
  );
}

describe('GET /v2/subscriptions/{year}/{month}: the file', () => {
  it('answers an xlsx attachment named UsageReport-2026-10.xlsx with a bold, frozen, filtered header', async () => {
    const res = await api.call('superUser', 'GET', OCTOBER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="UsageReport-2026-10.xlsx"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe('Usage 2026-10');
    expect(sheet.creator).toBe('Aerie');
    expect(sheet.headers).toEqual(Object.values(C));
    expect(sheet.headerBold).toBe(true);
    expect(sheet.view).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.widths[C.account]).toBeGreaterThan(20);
    expect(sheet.numFmts[C.startDate]).toBe('yyyy-mm-dd');
    expect(sheet.numFmts[C.totalUsageGb]).toBe('#,##0');
  });

  it('accepts the month written with one digit and names the file with two', async () => {
    const res = await api.call('salesSupport', 'GET', '/v2/subscriptions/2026/9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="UsageReport-2026-09.xlsx"',
    );
  });
});

describe('GET /v2/subscriptions/{year}/{month}: the rows', () => {
  it("lists every subscription active in the month by account name, then number, with that month's usage and devices", async () => {
    const sheet = await report('superUser');
    const truth = await octoberTruth('all');
    expect(truth.length).toBeGreaterThan(50);
    expect(
      sheet.rows.map((r) => [
        r[C.account],
        r[C.subscriptionNumber],
        r[C.description],
        r[C.dataLimitInGb],
        r[C.satelliteUsageGb],
        r[C.cellularUsageGb],
        r[C.totalUsageGb],
        r[C.devices],
      ]),
    ).toEqual(
      truth.map((t) => [
        t.account,
        t.number ?? 'Unknown',
        t.description,
        t.limit === 9999 ? 'Unlimited' : t.limit,
        t.sat,
        t.cell,
        t.total,
        t.devices,
      ]),
    );
    // Real usage is in the month's figures (the fleet has usage in October).
    expect(sheet.rows.some((r) => (r[C.totalUsageGb] as number) > 0)).toBe(true);
  });

  it('includes a subscription that ends at the first instant of the month or starts in its last second, not one that ended or starts outside it', async () => {
    const sheet = await report('superUser');
    expect(row(sheet, fixtures.endsAtStart)).toBeDefined();
    expect(row(sheet, fixtures.startsLast)).toBeDefined();
    expect(row(sheet, fixtures.halfDay)).toBeDefined();
    expect(row(sheet, fixtures.endedBefore)).toBeUndefined();
    expect(row(sheet, fixtures.startsAfter)).toBeUndefined();
    expect(row(sheet, fixtures.terra2003)).toBeUndefined();
  });

  it("rounds usage half up to whole GB of 10^9 bytes; shows 'Unlimited', an empty limit, 'Unknown' and UTC days", async () => {
    const sheet = await report('superUser');
    expect(row(sheet, fixtures.halfDay)).toMatchObject({
      [C.subscriptionNumber]: 'RPT-0001',
      [C.salesforceObjectId]: 'a0XRPT0001',
      [C.salesforceAccountId]: 'ACC-a0XRPT0001',
      [C.account]: 'Northwind Maritime – Pacific Fleet',
      [C.productCode]: 'RPT-FIX',
      // 15 October 23:30 UTC is still the 15th.
      [C.startDate]: new Date('2026-10-15T00:00:00Z'),
      [C.endDate]: new Date('2027-10-15T00:00:00Z'),
      [C.dataLimitInGb]: 'Unlimited',
      // 499,999,999 bytes: 0 GB; 500,000,000: 1 GB; together 999,999,999: 1 GB.
      [C.satelliteUsageGb]: 0,
      [C.cellularUsageGb]: 1,
      [C.totalUsageGb]: 1,
    });
    expect(row(sheet, fixtures.endsAtStart)).toMatchObject({
      [C.subscriptionNumber]: 'Unknown',
      [C.salesforceObjectId]: null,
      [C.dataLimitInGb]: null,
      [C.endDate]: new Date('2026-10-01T00:00:00Z'),
      // 1.5 GB: 2; 1.499999999 GB: 1; 2.999999999 GB: 3.
      [C.satelliteUsageGb]: 2,
      [C.cellularUsageGb]: 1,
      [C.totalUsageGb]: 3,
    });
    // No usage recorded: zero, not empty.
    expect(row(sheet, fixtures.startsLast)).toMatchObject({
      [C.dataLimitInGb]: 50,
      [C.satelliteUsageGb]: 0,
      [C.cellularUsageGb]: 0,
      [C.totalUsageGb]: 0,
      [C.devices]: 0,
    });
    expect(1.5 * GB).toBe(1_500_000_000);
  });

  it('orders subscriptions with the same number by id, and those without a number last in their account', async () => {
    const sheet = await report('superUser');
    const ids = await api.rows<{ description: string }>(
      `select description from subscriptions where description in ($1, $2) order by id`,
      [fixtures.dupA, fixtures.dupB],
    );
    const mine = sheet.rows.filter((r) => r[C.account] === 'Northwind Maritime – Pacific Fleet');
    const descriptions = mine.map((r) => r[C.description]);
    expect(descriptions.indexOf(ids[0]!.description)).toBe(
      descriptions.indexOf(ids[1]!.description) - 1,
    );
    const unknown = mine.findIndex((r) => r[C.subscriptionNumber] === 'Unknown');
    expect(mine.slice(unknown).every((r) => r[C.subscriptionNumber] === 'Unknown')).toBe(true);
  });

  it('counts the devices on the subscription during the month that the caller sees', async () => {
    // Linked from 16 October, until 2 October, until 30 September (not in October), and one of
    // Terra Logistics in October.
    expect(row(await report('superUser'), fixtures.halfDay)?.[C.devices]).toBe(3);
    expect(row(await report('accountAdmin'), fixtures.halfDay)?.[C.devices]).toBe(2);
  });
});

describe('GET /v2/subscriptions/{year}/{month}: who sees what', () => {
  it("limits an Account Admin to their account tree: no other account's row or name is in the file", async () => {
    const res = await api.call('accountAdmin', 'GET', OCTOBER);
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    const truth = await octoberTruth('northwind');
    expect(truth.length).toBeGreaterThan(5);
    expect(sheet.rows.map((r) => [r[C.account], r[C.description], r[C.devices]])).toEqual(
      truth.map((t) => [t.account, t.description, t.devices]),
    );
    expect(new Set(sheet.rows.map((r) => r[C.account]))).toEqual(new Set(NORTHWIND_ACCOUNTS));
    const xml = (await unzip(res.rawPayload)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).not.toContain('Terra Logistics');
    expect(xml).toContain('Northwind Maritime');
  });

  it('gives the number and Salesforce ids only to Super User, Provider Admin and Sales Support', async () => {
    const restricted = [C.subscriptionNumber, C.salesforceObjectId, C.salesforceAccountId];
    for (const role of VIEWERS) {
      const res = await api.call(role, 'GET', OCTOBER);
      const sheet = await readXlsx(res.rawPayload);
      const xml = (await unzip(res.rawPayload)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
      if (roleCan(role, 'subscriptions.salesforce')) {
        expect(sheet.headers, role).toEqual(expect.arrayContaining(restricted));
        expect(xml, role).toContain('a0XRPT0001');
      } else {
        for (const header of restricted) expect(sheet.headers, role).not.toContain(header);
        expect(xml, role).not.toContain('a0XRPT0001');
        expect(xml, role).not.toContain('RPT-0001');
      }
    }
    expect(VIEWERS.filter((r) => roleCan(r, 'subscriptions.salesforce'))).toEqual([
      'superUser',
      'providerAdmin',
      'salesSupport',
    ]);
  });

  it('refuses a Credentialed user with 403 (even for a bad month) and a caller without a token with 401', async () => {
    expect((await api.call('credentialed', 'GET', OCTOBER)).statusCode).toBe(403);
    expect((await api.call('credentialed', 'GET', '/v2/subscriptions/2026/13')).statusCode).toBe(
      403,
    );
    expect((await api.call(null, 'GET', OCTOBER)).statusCode).toBe(401);
  });
});

describe('GET /v2/subscriptions/{year}/{month}: refusals', () => {
  it('refuses a month outside 1 to 12 and a year that is not four digits, naming the field', async () => {
    const cases: [string, string][] = [
      ['/v2/subscriptions/2026/13', 'month'],
      ['/v2/subscriptions/2026/0', 'month'],
      ['/v2/subscriptions/2026/1.5', 'month'],
      ['/v2/subscriptions/abc/10', 'year'],
      ['/v2/subscriptions/26/10', 'year'],
      ['/v2/subscriptions/1999/12', 'year'],
      ['/v2/subscriptions/2101/01', 'year'],
    ];
    for (const [url, field] of cases) {
      const res = await api.call('superUser', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      const body = refusal(res);
      expect(body.field, url).toBe(field);
      expect(body.message, url).toContain(field === 'month' ? '1 to 12' : 'four digits');
    }
  });

  it('refuses a month that has not begun', async () => {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const mm = String(next.getUTCMonth() + 1).padStart(2, '0');
    const res = await api.call(
      'superUser',
      'GET',
      `/v2/subscriptions/${next.getUTCFullYear()}/${mm}`,
    );
    expect(res.statusCode).toBe(400);
    expect(refusal(res)).toMatchObject({
      field: 'month',
      message: `The report of ${mm}/${next.getUTCFullYear()} is not available yet: choose the current month or an earlier one.`,
    });
  });

  it('answers 404 with a message for a month without subscriptions, also when only other accounts had some', async () => {
    const empty = await api.call('superUser', 'GET', '/v2/subscriptions/2001/01');
    expect(empty.statusCode).toBe(404);
    expect(refusal(empty).message).toBe('No subscription was active in 01/2001.');
    // May 2003: one Terra Logistics subscription, which Northwind's admin does not see.
    expect((await report('productSupport', '/v2/subscriptions/2003/05')).rows).toHaveLength(1);
    const theirs = await api.call('accountAdmin', 'GET', '/v2/subscriptions/2003/05');
    expect(theirs.statusCode).toBe(404);
    expect(refusal(theirs).message).toBe('No subscription was active in 05/2003.');
  });
});

describe('GET /v2/subscriptions/{year}/{month}: reading and streaming', () => {
  it('gives the same rows whatever the batch size (keyset batches across and within accounts)', async () => {
    const sheet = await report('superUser');
    const service = createSubscriptionReportService(
      createSubscriptionReportRepository(api.ctx.database.pool),
      authorizeOver(),
      { batchSize: 7 },
    );
    const small = await service.monthly(principalOf('superUser'), 2026, 10);
    const rows: unknown[] = [];
    let batches = 0;
    for await (const batch of small.batches) {
      expect(batch.length).toBeLessThanOrEqual(7);
      batches++;
      rows.push(...batch.map((c) => [c.account, c.subscriptionNumber, c.description]));
    }
    expect(batches).toBeGreaterThan(sheet.rows.length / 7);
    expect(rows).toEqual(
      sheet.rows.map((r) => [r[C.account], r[C.subscriptionNumber], r[C.description]]),
    );
  });

  it('holds the caller’s heavy-read slot while the download runs, and frees it when the client leaves', async () => {
    // March 2005: 60,000 subscriptions of one account with text that does not compress away,
    // more than the socket buffers take, so a reader that stops reading stops the writer.
    const northwind = await accountId(api, 'Northwind Maritime');
    await api.rows(
      `insert into subscriptions (account_id, subscription_number, description, product_code, start_date, end_date, data_limit_gb)
       select $1, 'BULK-' || lpad(i::text, 6, '0'), md5(random()::text) || md5(random()::text),
              'BULK', '2005-03-01', '2005-04-01', 50
       from generate_series(1, 60000) i`,
      [northwind],
    );
    await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/v2/subscriptions/2005/03`, {
      headers: api.as('accountAdmin'),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = (await reader.read()) as { value?: Uint8Array };
    expect(first.value?.length).toBeGreaterThan(0);
    // The download is running (the reader stopped): the same user's next heavy read waits.
    const second = await api.call('accountAdmin', 'GET', OCTOBER);
    expect(second.statusCode, 'a second download while the first runs').toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    // Other users are not affected.
    expect((await api.call('superUser', 'GET', OCTOBER)).statusCode).toBe(200);
    abort.abort();
    await reader.cancel().catch(() => undefined);
    // The client left: the slot is free again.
    await expect
      .poll(async () => (await api.call('accountAdmin', 'GET', OCTOBER)).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
  }, 60_000);
});
