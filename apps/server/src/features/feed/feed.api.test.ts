import { describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, feedbackPageSchema, type RoleKey } from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });

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
