import { describe, expect, it } from 'vitest';
import { api as contract, apiErrorSchema, type EndpointDefinition } from '@aerie/contract';
import { bearer, useApiContext } from '../test/test-app.js';
import { LIMIT_MESSAGES } from './request-limits.js';
import { requestClientToken } from '../test/client-credentials.js';

/**
 * The per-caller limits through the real app, with small numbers: every write route counts
 * against a budget (one mechanism, applied by `route()` to every contract endpoint), heavy reads
 * run under a concurrency limit, and both answer 429 with Retry-After.
 */
const api = useApiContext({
  fleet: { deviceCount: 30, accountCount: 3 },
  env: {
    WRITE_RATE_LIMIT_PER_MINUTE: '6',
    FEED_RATE_LIMIT_PER_MINUTE: '3',
    INGEST_RATE_LIMIT_PER_MINUTE: '50',
    HEAVY_CALLS_PER_USER: '1',
  },
});

/** POSTs of the contract that only read or calculate: no write budget. */
const READS_BY_POST = new Set<EndpointDefinition>([
  contract.deviceConfig.dhcp,
  contract.diagnostics.blobUrl,
  contract.deviceConfig.networkTemplate,
  contract.metrics.query,
  contract.subscriptions.byIds,
  contract.subscriptions.usageByIds,
]);

const meta = { screenResolution: '1x1', windowResolution: '1x1', userAgent: 'ua', url: '/' };

describe('every write route counts against a budget', () => {
  it('gives each contract endpoint but GETs and the reading POSTs a write budget', () => {
    const routes = api.ctx.app.registeredRoutes.filter((r) => r.endpoint && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(60);
    const unlimitedWrites = routes
      .filter((r) => r.method !== 'GET' && !READS_BY_POST.has(r.endpoint!) && !r.writeBudget)
      .map((r) => `${r.method} ${r.url}`);
    expect(unlimitedWrites).toEqual([]);
    const countedReads = routes
      .filter((r) => (r.method === 'GET' || READS_BY_POST.has(r.endpoint!)) && r.writeBudget)
      .map((r) => `${r.method} ${r.url}`);
    expect(countedReads).toEqual([]);
    const budgetOf = (url: string) => routes.find((r) => r.url === url && r.method === 'POST')!;
    expect(budgetOf('/v2/feed/telemetry').writeBudget).toBe('feed');
    expect(budgetOf('/v2/feed/errors').writeBudget).toBe('feed');
    expect(budgetOf('/v2/feed/feedback').writeBudget).toBe('feed');
    expect(budgetOf('/v2/telemetry/reports').writeBudget).toBe('ingest');
    expect(budgetOf('/v2/zones').writeBudget).toBe('writes');
  });

  it("answers a user's writes past the budget with 429 and Retry-After, whatever the route", async () => {
    const writes = [
      () => api.call('salesSupport', 'POST', '/v2/users/me/searchHistory', { body: { term: 'a' } }),
      () => api.call('salesSupport', 'PUT', '/v2/users/settings', { body: { theme: 'dark' } }),
      () =>
        api.call('salesSupport', 'POST', '/v2/users/me/recentItems/remote', {
          body: { id: 'r1', name: 'R 1' },
        }),
      () => api.call('salesSupport', 'PUT', '/v1/notifications', { body: [] }),
      () => api.call('salesSupport', 'DELETE', '/v1/notifications', { body: { all: true } }),
      () =>
        api.call('salesSupport', 'POST', '/v2/users/me/recentResults', {
          body: { type: 'doc', id: '/documents/a.pdf', name: 'a.pdf' },
        }),
    ];
    const statuses = [];
    for (const send of writes) statuses.push((await send()).statusCode);
    expect(
      statuses.every((s) => s < 400),
      String(statuses),
    ).toBe(true);
    const refused = await api.call('salesSupport', 'PUT', '/v2/users/settings', {
      body: { theme: 'light' },
    });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(apiErrorSchema.parse(refused.json()).message).toBe(LIMIT_MESSAGES.writes(seconds));
    // Reads go on; other users' writes too.
    expect((await api.call('salesSupport', 'GET', '/v2/users/me')).statusCode).toBe(200);
    const other = await api.call('productSupport', 'PUT', '/v2/users/settings', {
      body: { theme: 'light' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts an API client apart from the user who made it', async () => {
    const secret = 'limits-secret-0123456789';
    const created = await api.call('credentialed', 'POST', '/v2/users/client', {
      body: { clientId: 'limits-client', secret },
    });
    expect(created.statusCode).toBe(201);
    const { clientId } = created.json<{ clientId: string }>();
    for (let i = 0; i < 5; i++)
      await api.call('credentialed', 'POST', '/v2/users/me/searchHistory', {
        body: { term: `t${i}` },
      });
    expect(
      (
        await api.call('credentialed', 'POST', '/v2/users/me/searchHistory', {
          body: { term: 'x' },
        })
      ).statusCode,
    ).toBe(429);
    const token = await requestClientToken(api.ctx.app, clientId, secret);
    expect(token.statusCode, token.body).toBe(200);
    const asClient = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/users/me/searchHistory',
      headers: bearer(token.json<{ access_token: string }>().access_token),
      payload: { term: 'from the client' },
    });
    expect(asClient.statusCode, asClient.body).toBe(200);
  });

  it('gives feedback, telemetry and error reports a budget of their own', async () => {
    const feed = [
      () =>
        api.call('accountAdmin', 'POST', '/v2/feed/telemetry', {
          body: { events: [], userAgent: 'ua', locale: 'en' },
        }),
      () =>
        api.call('accountAdmin', 'POST', '/v2/feed/errors', {
          body: { message: 'm', stack: null, url: '/', userAgent: 'ua' },
        }),
      () =>
        api.call('accountAdmin', 'POST', '/v2/feed/feedback', {
          body: { mood: 'happy', feedback: 'ok', browserMeta: meta },
        }),
    ];
    for (const send of feed) expect((await send()).statusCode).toBeLessThan(300);
    const refused = await feed[0]!();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The general budget is untouched.
    const write = await api.call('accountAdmin', 'PUT', '/v2/users/settings', {
      body: { menuCollapsed: true },
    });
    expect(write.statusCode).toBe(200);
  });
});

describe('heavy reads run under a per-user concurrency limit', () => {
  it('runs metrics, the monthly report and the log search always, and lists asking for more than 100 rows and the document search, as heavy reads', () => {
    const heavy = Object.fromEntries(
      api.ctx.app.registeredRoutes
        .filter((r) => r.endpoint && r.method !== 'HEAD' && r.heavy !== false)
        .map((r) => [`${r.method} ${r.url}`, r.heavy]),
    );
    expect(heavy).toEqual({
      'POST /v2/devices/metrics': true,
      'GET /v2/devices': 'request',
      'GET /v3/subscriptions': 'request',
      'GET /v3/subscriptions/:id/devices': 'request',
      'GET /v2.1/subscriptions': 'request',
      'GET /v2.1/subscriptions/account/:accountId': 'request',
      'GET /v2/zones': 'request',
      'GET /v2/search': 'request',
      'GET /v2/subscriptions/:year/:month': true,
      // A log search may read a whole log of a diagnostic bundle (decision 042).
      'GET /v1/diagnostics/reports/syslog': true,
    });
  });

  it('answers heavy calls past the limit with 429 and Retry-After while one runs, then serves again', async () => {
    const { pool } = api.ctx.database;
    const exportAll = () =>
      api.call('superUser', 'GET', '/v2/devices', { query: { take: '10000' } });
    const metrics = () =>
      api.call('superUser', 'POST', '/v2/devices/metrics', {
        body: {
          provider: 'PV_INTSATFLEXMOVE',
          metrics: ['MT_CN0'],
          deviceIds: ['00000000-0000-4000-8000-000000000000'],
          startDate: '2026-11-01T00:00:00.000Z',
          endDate: '2026-11-02T00:00:00.000Z',
        },
      });
    // Signed in and looked up once, so the calls below need the database only in their handlers.
    expect((await api.call('superUser', 'GET', '/v2/users/me')).statusCode).toBe(200);
    // Hold the devices table: the first export stays running (waiting for its query).
    const held = await pool.connect();
    let first: ReturnType<typeof exportAll>;
    try {
      await held.query('begin');
      await held.query('lock table devices in access exclusive mode');
      first = exportAll();
      const waiting = async () =>
        pool.waitingCount > 0 ||
        (
          await held.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n > 0;
      // NOTE: on a busy machine the request may take a while to reach its query.
      await expect.poll(waiting, { timeout: 15_000 }).toBe(true);
      for (const refused of [await exportAll(), await metrics()]) {
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.headers['retry-after']).toBe('2');
        expect(apiErrorSchema.parse(refused.json()).message).toBe(LIMIT_MESSAGES.heavy(1));
      }
    } finally {
      await held.query('commit');
      held.release();
    }
    expect((await first!).statusCode).toBe(200);
    // Nothing is left counted.
    expect((await exportAll()).statusCode).toBe(200);
    expect((await metrics()).statusCode).toBe(404);
  });

  it('leaves ordinary pages alone: only lists of more than 100 rows are heavy', async () => {
    const page = () => api.call('accountAdmin', 'GET', '/v2/devices', { query: { take: '50' } });
    const pages = await Promise.all([page(), page(), page(), page()]);
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
