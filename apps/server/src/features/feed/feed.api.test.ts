import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorSchema,
  FEED_BODY_LIMITS,
  FEED_LIMITS,
  feedbackPageSchema,
  type RoleKey,
  type TelemetryEvent,
} from '@aerie/contract';
import { demoEmail, useApiContext } from '../../test/test-app.js';
import { createFeedRepository } from './feed.repository.js';
import { createFeedRetention } from './feed.retention.js';

// Small per-user caps, so the purge on insert shows with a few requests.
const TELEMETRY_PER_USER = 250;
const ERRORS_PER_USER = 3;
const api = useApiContext({
  fleet: false,
  env: {
    TELEMETRY_EVENTS_PER_USER: String(TELEMETRY_PER_USER),
    ERROR_REPORTS_PER_USER: String(ERRORS_PER_USER),
  },
});

const browserMeta = {
  screenResolution: '1920x1080',
  windowResolution: '1280x800',
  userAgent: 'test-agent',
  url: 'http://localhost:8080/home',
};

function post(url: string, role: RoleKey, payload: object) {
  return api.ctx.app.inject({ method: 'POST', url, headers: api.as(role), payload });
}

describe('feedback', () => {
  it('stores feedback with the user and account, and staff read it newest first', async () => {
    expect(
      (
        await post('/v2/feed/feedback', 'credentialed', {
          mood: 'sad',
          feedback: 'first',
          browserMeta,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post('/v2/feed/feedback', 'accountAdmin', {
          mood: null,
          feedback: 'second',
          browserMeta,
        })
      ).statusCode,
    ).toBe(201);
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/v2/feed/feedback?skip=0&take=1',
      headers: api.as('productSupport'),
    });
    expect(res.statusCode).toBe(200);
    const page = feedbackPageSchema.parse(res.json());
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      feedback: 'second',
      mood: null,
      userName: 'Hannah Keller',
      userEmail: 'hannah.keller@northwind.example',
      accountName: 'Northwind Maritime',
      browserMeta,
    });
    const next = feedbackPageSchema.parse(
      (
        await api.ctx.app.inject({
          method: 'GET',
          url: '/v2/feed/feedback?skip=1&take=1',
          headers: api.as('superUser'),
        })
      ).json(),
    );
    expect(next.items[0]).toMatchObject({ feedback: 'first', mood: 'sad' });
  });

  it('answers 403 to customers reading feedback', async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: '/v2/feed/feedback',
        headers: api.as(role),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses empty and over-long feedback, naming the field', async () => {
    for (const feedback of ['', '   ', 'x'.repeat(1000)]) {
      const res = await post('/v2/feed/feedback', 'credentialed', {
        mood: 'happy',
        feedback,
        browserMeta,
      });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.parse(res.json()).field).toBe('feedback');
    }
    const max = await post('/v2/feed/feedback', 'credentialed', {
      mood: 'happy',
      feedback: 'x'.repeat(999),
      browserMeta,
    });
    expect(max.statusCode).toBe(201);
  });
});

describe('telemetry and error reports', () => {
  it('stores a batch of telemetry events for the user', async () => {
    const events = Array.from({ length: 3 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      categoryName: 'navigation',
      eventName: 'open',
      label: `page-${i}`,
      params: { tab: 'overview', n: i, ok: true, none: null },
    }));
    const res = await post('/v2/feed/telemetry', 'credentialed', {
      events,
      userAgent: 'test-agent',
      locale: 'en-GB',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await api.ctx.database.pool.query<{ n: string }>(
      `select count(*) as n from telemetry_events t join users u on u.id = t.user_id
       where u.email = 'liam.brooks@northwind.example' and t.locale = 'en-GB'`,
    );
    expect(rows.rows[0]!.n).toBe('3');
    const empty = await post('/v2/feed/telemetry', 'credentialed', {
      events: [],
      userAgent: 'a',
      locale: 'en',
    });
    expect(empty.json()).toEqual({ ok: true });
    const bad = await post('/v2/feed/telemetry', 'credentialed', {
      events: [{ ...events[0], timestamp: 'yesterday' }],
      userAgent: 'a',
      locale: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).field).toBe('events.0.timestamp');
  });

  it('stores an error report and logs it at warn level for support', async () => {
    const warn = vi.spyOn(api.ctx.app.log, 'warn');
    const res = await post('/v2/feed/errors', 'accountAdmin', {
      message: 'TypeError: x is undefined',
      stack: 'at y (app.js:1:1)',
      url: 'http://localhost:8080/devices',
      userAgent: 'test-agent',
    });
    expect(res.statusCode).toBe(201);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ browserError: 'TypeError: x is undefined' }),
      'browser reported an unexpected error',
    );
    const rows = await api.ctx.database.pool.query('select * from error_reports');
    expect(rows.rowCount).toBe(1);
    warn.mockRestore();
  });
});

const event = (i: number, over: Partial<TelemetryEvent> = {}): TelemetryEvent => ({
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  categoryName: 'navigation',
  eventName: 'pageView',
  label: `/page-${i}`,
  params: null,
  ...over,
});
const upload = (events: unknown[]) => ({ events, userAgent: 'test-agent', locale: 'en' });

describe('caps of the feed (docs/security.md)', () => {
  it.each([
    [
      'more events than one upload takes',
      upload(Array.from({ length: FEED_LIMITS.telemetryEventsPerUpload + 1 }, (_, i) => event(i))),
      'events',
    ],
    [
      'too many parameters',
      upload([
        event(0, {
          params: Object.fromEntries(
            Array.from({ length: FEED_LIMITS.telemetryParams + 1 }, (_, i) => [`p${i}`, i]),
          ),
        }),
      ]),
      'events.0.params',
    ],
    [
      'a long parameter name',
      upload([event(0, { params: { ['k'.repeat(FEED_LIMITS.telemetryParamKey + 1)]: 1 } })]),
      `events.0.params.${'k'.repeat(FEED_LIMITS.telemetryParamKey + 1)}`,
    ],
    [
      'a long parameter value',
      upload([event(0, { params: { k: 'v'.repeat(FEED_LIMITS.telemetryParamValue + 1) } })]),
      'events.0.params.k',
    ],
    [
      'a long label',
      upload([event(0, { label: 'l'.repeat(FEED_LIMITS.telemetryLabel + 1) })]),
      'events.0.label',
    ],
  ])('refuses telemetry with %s (400 naming the field)', async (_what, body, field) => {
    const res = await post('/v2/feed/telemetry', 'salesSupport', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(apiErrorSchema.parse(res.json()).field).toBe(field);
  });

  it('takes the largest upload the schema allows, under its body limit', async () => {
    const big = (i: number) =>
      event(i, {
        categoryName: 'c'.repeat(FEED_LIMITS.telemetryName),
        eventName: 'e'.repeat(FEED_LIMITS.telemetryName),
        label: 'l'.repeat(FEED_LIMITS.telemetryLabel),
        params: Object.fromEntries(
          Array.from({ length: FEED_LIMITS.telemetryParams }, (_, k) => [
            `${k}`.padStart(FEED_LIMITS.telemetryParamKey, 'k'),
            'v'.repeat(FEED_LIMITS.telemetryParamValue),
          ]),
        ),
      });
    const body = {
      ...upload(Array.from({ length: FEED_LIMITS.telemetryEventsPerUpload }, (_, i) => big(i))),
      userAgent: 'u'.repeat(FEED_LIMITS.userAgent),
    };
    expect(JSON.stringify(body).length).toBeLessThan(FEED_BODY_LIMITS.telemetry);
    const res = await post('/v2/feed/telemetry', 'productSupport', body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['/v2/feed/telemetry', FEED_BODY_LIMITS.telemetry],
    ['/v2/feed/errors', FEED_BODY_LIMITS.errors],
    ['/v2/feed/feedback', FEED_BODY_LIMITS.feedback],
  ])('answers a body over the limit of %s with 413', async (url, limit) => {
    const res = await post(url, 'salesSupport', { padding: 'x'.repeat(limit) });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an error report with a stack over the cap', async () => {
    const res = await post('/v2/feed/errors', 'salesSupport', {
      message: 'm',
      stack: 's'.repeat(FEED_LIMITS.errorStack + 1),
      url: '/',
      userAgent: 'ua',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).field).toBe('stack');
  });
});

describe('retention of telemetry and error reports', () => {
  const countOf = (table: string, role: RoleKey) =>
    api.count(
      `select count(*)::int as n from ${table} t join users u on u.id = t.user_id
        where u.id = (select id from users where email = $1)`,
      [emailOf(role)],
    );
  const emailOf = demoEmail;

  it("keeps a user's newest telemetry events only (purge on insert)", async () => {
    for (let batch = 0; batch < 3; batch++) {
      const res = await post(
        '/v2/feed/telemetry',
        'superUser',
        upload(Array.from({ length: 100 }, (_, i) => event(i, { label: `/batch-${batch}/${i}` }))),
      );
      expect(res.statusCode).toBe(200);
    }
    expect(await countOf('telemetry_events', 'superUser')).toBe(TELEMETRY_PER_USER);
    // The newest batch is whole; the oldest lost what went over the cap.
    const kept = await api.rows<{ batch: string; n: number }>(
      `select split_part(label, '/', 2) as batch, count(*)::int as n from telemetry_events
        where user_id = (select id from users where email = $1) group by 1 order by 1`,
      [emailOf('superUser')],
    );
    expect(kept).toEqual([
      { batch: 'batch-0', n: 50 },
      { batch: 'batch-1', n: 100 },
      { batch: 'batch-2', n: 100 },
    ]);
  });

  it("keeps a user's newest error reports only", async () => {
    for (let i = 0; i < ERRORS_PER_USER + 2; i++) {
      const res = await post('/v2/feed/errors', 'superUser', {
        message: `error ${i}`,
        stack: null,
        url: '/',
        userAgent: 'ua',
      });
      expect(res.statusCode).toBe(201);
    }
    const messages = await api.rows<{ message: string }>(
      `select message from error_reports where user_id = (select id from users where email = $1)
        order by created_at`,
      [emailOf('superUser')],
    );
    expect(messages.map((m) => m.message)).toEqual(['error 2', 'error 3', 'error 4']);
  });

  it('purges telemetry past its retention and error reports past theirs, in batches', async () => {
    const { pool } = api.ctx.database;
    const user = await api.scalar<string>('select id from users where email = $1', [
      emailOf('superUser'),
    ]);
    await pool.query('delete from telemetry_events');
    await pool.query('delete from error_reports');
    await pool.query(
      `insert into telemetry_events (user_id, occurred_at, category_name, event_name, user_agent,
                                     locale, received_at)
       select $1, now(), 'c', 'e', 'ua', 'en', now() - (d || ' days')::interval
         from unnest(array[29, 31, 31, 400]) d`,
      [user],
    );
    await pool.query(
      `insert into error_reports (user_id, message, url, user_agent, created_at)
       select $1, 'm', '/', 'ua', now() - (d || ' days')::interval from unnest(array[89, 91]) d`,
      [user],
    );
    const retention = createFeedRetention(
      createFeedRepository(pool),
      api.ctx.config.feedRetention,
      {
        info: () => {},
        warn: () => {},
      },
    );
    expect(api.ctx.config.feedRetention).toMatchObject({ telemetryDays: 30, errorReportDays: 90 });
    expect(await retention.purge()).toEqual({ telemetry: 3, errorReports: 1 });
    expect(await api.count('select count(*)::int as n from telemetry_events')).toBe(1);
    expect(await api.count('select count(*)::int as n from error_reports')).toBe(1);
    expect(await retention.purge()).toEqual({ telemetry: 0, errorReports: 0 });
  });
});
