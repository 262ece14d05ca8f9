import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  apiErrorSchema,
  NOTIFICATION_EVENT,
  notificationListSchema,
  notificationSchema,
  type Notification,
} from '@aerie/contract';
import { buildApp } from '../../test/build-app.js';
import { openDatabase } from '../../db/database.js';
import { MAX_STREAMS_PER_USER } from './notifications.stream.js';
import { bearer, useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });
let hannah: string;
let liam: string;
/** Super User: holds `health.view`, which sending a test notification needs. */
let sam: string;
let hannahId: string;
let liamId: string;

beforeAll(async () => {
  hannah = api.tokens.accountAdmin;
  liam = api.tokens.credentialed;
  sam = api.tokens.superUser;
  const ids = await api.ctx.database.pool.query<{ id: string; email: string }>(
    'select id, email from users',
  );
  hannahId = ids.rows.find((r) => r.email.startsWith('hannah'))!.id;
  liamId = ids.rows.find((r) => r.email.startsWith('liam'))!.id;
});

async function list(token: string): Promise<Notification[]> {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return notificationListSchema.parse(res.json());
}

/** Opens the live stream with fetch and a bearer header, as the browser does. */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/live/notifications`, {
    headers: bearer(token),
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    res,
    /** The next Notification event, or a failure after `ms`. */
    async next(ms = 5_000): Promise<Notification> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = frame.split('\n');
          if (lines.includes(`event: ${NOTIFICATION_EVENT}`)) {
            const data = lines.find((l) => l.startsWith('data: '))!.slice(6);
            return notificationSchema.parse(JSON.parse(data));
          }
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no notification event in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk: { done: boolean; value?: Uint8Array } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no notification event in time')), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close() {
      controller.abort();
    },
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('notifications', () => {
  it('lists a published notification for its user only, newest first', async () => {
    const { publishNotification } = api.ctx.app.services;
    await publishNotification(hannahId, { name: 'SyncRemote', type: 'progress', label: 'first' });
    const second = await publishNotification(hannahId, {
      name: 'SyncRemote',
      type: 'Success',
      label: 'Remote synced',
      entityType: 'devices',
      entityId: 'dev-42',
    });
    const mine = await list(hannah);
    expect(mine.map((n) => n.label)).toEqual(['Remote synced', 'first']);
    expect(mine[0]).toEqual(second);
    expect(mine[0]).toMatchObject({
      isRead: false,
      metadata: { entityType: 'devices', entityId: 'dev-42' },
    });
    expect(mine[1]!.metadata).toBeNull();
    expect(await list(liam)).toEqual([]);
  });

  it("marks the caller's notifications read and ignores other users' ids", async () => {
    const liamsOwn = await api.ctx.app.services.publishNotification(liamId, {
      name: 'Test',
      type: 'info',
      label: 'liam',
    });
    const ids = [...(await list(hannah)).map((n) => n.id), liamsOwn.id];
    const res = await api.ctx.app.inject({
      method: 'PUT',
      url: '/v1/notifications',
      headers: bearer(hannah),
      payload: ids,
    });
    expect(res.statusCode).toBe(204);
    expect((await list(hannah)).every((n) => n.isRead)).toBe(true);
    expect((await list(liam))[0]!.isRead).toBe(false);
    const bad = await api.ctx.app.inject({
      method: 'PUT',
      url: '/v1/notifications',
      headers: bearer(hannah),
      payload: ['not-a-uuid'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('clears listed notifications, then all, never touching another user’s', async () => {
    const liamsOwn = (await list(liam))[0]!;
    const [first] = await list(hannah);
    const one = await api.ctx.app.inject({
      method: 'DELETE',
      url: '/v1/notifications',
      headers: bearer(hannah),
      payload: { ids: [first!.id, liamsOwn.id] },
    });
    expect(one.statusCode).toBe(204);
    expect(await list(hannah)).toHaveLength(1);
    const all = await api.ctx.app.inject({
      method: 'DELETE',
      url: '/v1/notifications',
      headers: bearer(hannah),
      payload: { all: true },
    });
    expect(all.statusCode).toBe(204);
    expect(await list(hannah)).toEqual([]);
    expect(await list(liam)).toHaveLength(1);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', {}],
    ['an empty list of ids', { ids: [] }],
    ['all: false', { all: false }],
    ['both ids and all', { ids: ['00000000-0000-4000-8000-000000000000'], all: true }],
  ])('refuses %s with 400 naming ids, and clears nothing', async (_what, payload) => {
    await api.ctx.database.pool.query(
      `insert into notifications (user_id, name, type, label) values ($1, 'Kept', 'info', 'kept')`,
      [hannahId],
    );
    const before = (await list(hannah)).length;
    const res = await api.ctx.app.inject({
      method: 'DELETE',
      url: '/v1/notifications',
      headers: bearer(hannah),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field?: string }>().field).toMatch(/^(ids|all|body)$/);
    expect(await list(hannah)).toHaveLength(before);
    await api.ctx.database.pool.query('delete from notifications where user_id = $1', [hannahId]);
  });

  it('answers at most 200, the newest', async () => {
    await api.ctx.database.pool.query(
      // Older than Liam's own notification however long the earlier tests took.
      `insert into notifications (user_id, name, type, label, created_at)
       select $1, 'Bulk', 'info', 'n' || g,
              (select min(created_at) from notifications where user_id = $1) - (g || ' seconds')::interval
       from generate_series(1, 205) g`,
      [liamId],
    );
    const all = await list(liam);
    expect(all).toHaveLength(200);
    expect(all[0]!.label).toBe('liam');
    expect(all.at(-1)!.label).toBe('n199');
  });

  it('sends a test notification and limits how often', async () => {
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/v1/notifications/test',
      headers: bearer(sam),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'info', label: 'This is a test notification.' });
    for (let i = 0; i < 4; i++)
      await api.ctx.app.inject({
        method: 'POST',
        url: '/v1/notifications/test',
        headers: bearer(sam),
      });
    const limited = await api.ctx.app.inject({
      method: 'POST',
      url: '/v1/notifications/test',
      headers: bearer(sam),
    });
    expect(limited.statusCode).toBe(429);
    expect(apiErrorSchema.parse(limited.json()).message).toBe(
      'Too many test notifications. Please try again in a minute.',
    );
  });

  it.each(['productSupport', 'salesSupport', 'accountAdmin', 'credentialed'] as const)(
    'refuses a test notification to %s, who has no health.view',
    async (role) => {
      const res = await api.ctx.app.inject({
        method: 'POST',
        url: '/v1/notifications/test',
        headers: bearer(api.tokens[role]),
      });
      expect(res.statusCode).toBe(403);
    },
  );

  it("moves stored notifications of the old 'device' entity to the devices route (migration 0009)", async () => {
    const { pool } = api.ctx.database;
    const stored = await pool.query<{ id: string }>(
      `insert into notifications (user_id, name, type, label, entity_type, entity_id)
       values ($1, 'SyncRemote', 'Success', 'old', 'device', 'dev-7') returning id`,
      [liamId],
    );
    const id = stored.rows[0]!.id;
    try {
      const migration = new URL(
        '../../../drizzle/0009_notification_entity_route.sql',
        import.meta.url,
      );
      await pool.query(await readFile(migration, 'utf8'));
      const row = (await list(liam)).find((n) => n.id === id);
      expect(row?.metadata).toEqual({ entityType: 'devices', entityId: 'dev-7' });
      // A row whose entity is no page leads nowhere rather than to "Page not found".
      await pool.query(`update notifications set entity_type = 'device' where id = $1`, [id]);
      expect((await list(liam)).find((n) => n.id === id)?.metadata).toBeNull();
    } finally {
      await pool.query('delete from notifications where id = $1', [id]);
    }
  });

  it('refuses the live stream without a token', async () => {
    const res = await api.ctx.app.inject({ method: 'GET', url: '/live/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('live stream', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(api.ctx.app);
  });

  it('delivers a published notification to its user’s stream within 5 s, and to no one else', async () => {
    const mine = await openStream(baseUrl, hannah);
    const other = await openStream(baseUrl, liam);
    try {
      expect(mine.res.status).toBe(200);
      expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
      expect(mine.res.headers.get('cache-control')).toContain('no-cache');
      expect(mine.res.headers.get('x-accel-buffering')).toBe('no');
      const sent = await api.ctx.app.services.publishNotification(hannahId, {
        name: 'SyncTerminal',
        type: 'Error',
        label: 'Sync failed',
        entityType: 'devices',
        entityId: 'd-1',
      });
      expect(await mine.next()).toEqual(sent);
      await expect(other.next(300)).rejects.toThrow('no notification event in time');
    } finally {
      mine.close();
      other.close();
    }
  });

  it('limits open streams per user and frees a slot when a client goes away', async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => openStream(baseUrl, liam)),
    );
    expect(streams.every((s) => s.res.status === 200)).toBe(true);
    const refused = await fetch(`${baseUrl}/live/notifications`, { headers: bearer(liam) });
    expect(refused.status).toBe(429);
    for (const s of streams) s.close();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      await new Promise((r) => setTimeout(r, 50));
      const again = await openStream(baseUrl, liam);
      status = again.res.status;
      again.close();
    }
    expect(status).toBe(200);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('two instances on one PostgreSQL', () => {
  it('delivers a notification published on one instance to a stream on the other', async () => {
    const database = await openDatabase({ kind: 'postgres', url: api.ctx.databaseUrl!, max: 2 });
    const other = await buildApp({ config: api.ctx.config, database, logger: false });
    try {
      const otherUrl = await listen(other);
      const stream = await openStream(otherUrl, hannah);
      try {
        expect(stream.res.status).toBe(200);
        const sent = await api.ctx.app.services.publishNotification(hannahId, {
          name: 'SyncRemote',
          type: 'PartialSuccess',
          label: 'From instance A',
        });
        expect(await stream.next()).toEqual(sent);
      } finally {
        stream.close();
      }
    } finally {
      other.server.closeAllConnections();
      await other.close();
      await database.close();
    }
  });
});
