import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT } from '@aerie/contract';
import { createApiClientsRepository } from '../../identity/api-clients.repository.js';
import {
  bearer,
  createTestContext,
  signIn,
  signOut,
  type TestContext,
} from '../../test/test-app.js';

// A live stream lives only as long as its credentials: it ends at the token's expiry, when its
// API client is deleted, and when its user is disabled (announced, or at the next heartbeat).

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) {
    ctx.app.server.closeAllConnections();
    await ctx.close();
  }
});

async function start(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { ctx, base: `http://127.0.0.1:${address.port}` };
}

/** A stream opened with fetch and a bearer header, as the browser does. */
async function openStream(base: string, token: string) {
  const res = await fetch(`${base}/live/notifications`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // Waiters are told of every chunk and of the end.
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    try {
      for (;;) {
        const chunk: { done: boolean; value?: Uint8Array } = await reader.read();
        if (chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
        for (const wake of waiters) wake();
      }
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  const within = <T>(work: Promise<T>, ms: number, what: string) => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(what)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  };
  return {
    /** Resolves with the time the server ended the stream; fails after `ms`. */
    async end(ms = 15_000): Promise<number> {
      await within(ended, ms, 'the stream is still open');
      return Date.now();
    },
    /** Resolves once an event of `name` has arrived; fails after `ms`. */
    async event(name: string, ms = 10_000): Promise<void> {
      const arrived = new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (text.includes(`event: ${name}`)) resolve();
          else if (done) reject(new Error('the stream ended'));
        };
        waiters.add(wake);
        wake();
      });
      await within(arrived, ms, `no ${name} event`);
    },
    text: () => text,
    cancel: () => reader.cancel(),
  };
}

async function userId(ctx: TestContext, email: string): Promise<string> {
  const r = await ctx.database.pool.query<{ id: string }>('select id from users where email = $1', [
    email,
  ]);
  return r.rows[0]!.id;
}

async function clientToken(app: FastifyInstance, clientId: string, secret: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'partners-api',
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** The token's `exp` in ms. */
function expiresAt(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  return payload.exp * 1000;
}

describe('a live stream and its token', () => {
  const TTL_S = 8;
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ({ ctx, base } = await start({ API_CLIENT_TOKEN_TTL: String(TTL_S) }));
    const owner = await userId(ctx, 'hannah.keller@northwind.example');
    await createApiClientsRepository(ctx.database.pool).create(owner, 'short-lived', 'secret-1');
  }, 120_000);

  it('ends when its access token expires', async () => {
    const token = await clientToken(ctx.app, 'short-lived', 'secret-1');
    const stream = await openStream(base, token);
    const endedAt = await stream.end((TTL_S + 10) * 1000);
    // NOTE: `exp` is in whole seconds; the stream's clock and this one may differ by a few ms.
    expect(endedAt).toBeGreaterThanOrEqual(expiresAt(token) - 50);
    expect(stream.text()).toContain(': token expired');
  });
});

describe('a live stream and changes to its credentials', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ({ ctx, base } = await start());
  }, 120_000);

  it('ends at once when its API client is deleted; the user’s own stream stays open', async () => {
    const hannah = (await signIn(ctx.app, 'hannah.keller@northwind.example')).accessToken;
    const owner = await userId(ctx, 'hannah.keller@northwind.example');
    await createApiClientsRepository(ctx.database.pool).create(owner, 'to-delete', 'secret-2');
    const clientStream = await openStream(
      base,
      await clientToken(ctx.app, 'to-delete', 'secret-2'),
    );
    const ownStream = await openStream(base, hannah);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/v2/users/client/to-delete',
      headers: bearer(hannah),
    });
    expect(deleted.statusCode).toBe(204);
    // Long before the heartbeat (25 s) or the token's expiry (an hour).
    await clientStream.end(10_000);
    expect(clientStream.text()).toContain(': credentials no longer valid');

    await ctx.app.services.publishNotification(owner, {
      name: 'Test',
      type: 'info',
      label: 'still here',
    });
    await ownStream.event(NOTIFICATION_EVENT);
    await ownStream.cancel();
  });

  it('ends at once when its session signs out', async () => {
    const session = await signIn(ctx.app, 'marcus.chen@aerie.example');
    const stream = await openStream(base, session.accessToken);
    await signOut(ctx.app, session);
    await stream.end(10_000);
    expect(stream.text()).toContain(': credentials no longer valid');
  });

  it('ends at once when its user is disabled and the change is announced', async () => {
    const liam = (await signIn(ctx.app, 'liam.brooks@northwind.example')).accessToken;
    const stream = await openStream(base, liam);
    await ctx.database.pool.query(
      "update users set disabled = true where email = 'liam.brooks@northwind.example'",
    );
    // What every change to a user's role, account or status does (plugins/auth.ts).
    await ctx.app.services.caches.clear('account');
    await stream.end(10_000);
  });
});

describe('a live stream and its heartbeat', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ({ ctx, base } = await start({ LIVE_HEARTBEAT_S: '1' }));
  }, 120_000);

  it('ends at the next heartbeat when its user was disabled without a word', async () => {
    const priya = (await signIn(ctx.app, 'priya.natarajan@aerie.example')).accessToken;
    const stream = await openStream(base, priya);
    await ctx.database.pool.query(
      "update users set disabled = true where email = 'priya.natarajan@aerie.example'",
    );
    await stream.end(10_000);
    expect(stream.text()).toContain(': heartbeat');
  });
});
