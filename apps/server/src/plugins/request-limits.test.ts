import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@aerie/contract';
import type { Principal } from './auth.js';
import { route } from './endpoints.js';
import { registerErrorHandling } from './errors.js';
import {
  LIMIT_MESSAGES,
  registerRequestLimits,
  type RequestLimitsConfig,
} from './request-limits.js';
import { responseSerializerCompiler } from './serialization.js';

const ok = z.object({ ok: z.literal(true) });
const write = endpoint({
  method: 'POST',
  path: '/write',
  tags: ['test'],
  summary: 'a write',
  access: { kind: 'signedIn' },
  responses: { 200: ok },
});
const otherWrite = endpoint({ ...write, method: 'DELETE', path: '/other' });
const feedWrite = endpoint({ ...write, path: '/feed' });
const read = endpoint({ ...write, method: 'GET', path: '/read' });
const heavyRead = endpoint({ ...write, method: 'GET', path: '/heavy' });

/** A promise the test resolves: the heavy handler waits on it, so "in flight" is a state. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let app: FastifyInstance;
let gates: ReturnType<typeof deferred>[] = [];
let started = 0;

async function build(config: Partial<RequestLimitsConfig> = {}) {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  // The caller, as authentication would find it: `x-user`, and `x-client` for an API client.
  app.decorateRequest('principal', function () {
    const userId = this.headers['x-user'];
    if (typeof userId !== 'string') throw new Error('no principal');
    const client = this.headers['x-client'];
    return {
      userId,
      accountId: 'a',
      role: 'credentialed',
      apiClientId: typeof client === 'string' ? client : null,
    } satisfies Principal;
  });
  await registerRequestLimits(app, {
    writesPerMinute: 3,
    feedPerMinute: 2,
    ingestPerMinute: 100,
    heavyPerCaller: 2,
    ...config,
  });
  const answer = async () => ({ ok: true as const });
  route(app, write, answer);
  route(app, otherWrite, answer);
  route(app, feedWrite, answer, { limits: { write: 'feed' } });
  route(app, read, answer);
  route(
    app,
    heavyRead,
    async (request) => {
      started++;
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      if (request.headers['x-fail']) throw new Error('the query failed');
      return { ok: true as const };
    },
    { limits: { heavy: true } },
  );
  await app.ready();
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  user = 'u1',
  client?: string,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { 'x-user': user, ...(client ? { 'x-client': client } : {}), ...extra },
  });

afterEach(async () => {
  for (const gate of gates) gate.resolve();
  gates = [];
  started = 0;
  await app?.close();
});

describe('the write budget', () => {
  it('counts every write route of a caller together and answers 429 with Retry-After', async () => {
    await build();
    expect((await call('POST', '/write')).statusCode).toBe(200);
    expect((await call('DELETE', '/other')).statusCode).toBe(200);
    expect((await call('POST', '/write')).statusCode).toBe(200);
    const refused = await call('DELETE', '/other');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: LIMIT_MESSAGES.writes(seconds),
    });
  });

  it('keeps callers apart: another user, and an API client apart from the user who made it', async () => {
    await build();
    for (let i = 0; i < 3; i++) await call('POST', '/write');
    expect((await call('POST', '/write')).statusCode).toBe(429);
    expect((await call('POST', '/write', 'u2')).statusCode).toBe(200);
    expect((await call('POST', '/write', 'u1', 'partner-feed')).statusCode).toBe(200);
  });

  it('does not count reads, and counts a route with a budget of its own apart', async () => {
    await build();
    for (let i = 0; i < 10; i++) expect((await call('GET', '/read')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await call('POST', '/feed')).statusCode).toBe(200);
    expect((await call('POST', '/feed')).statusCode).toBe(429);
    expect((await call('POST', '/write')).statusCode).toBe(200);
  });
});

describe('heavy reads', () => {
  it('lets a caller run at most heavyPerCaller at once, then 429 with Retry-After', async () => {
    await build({ heavyPerCaller: 2 });
    const first = call('GET', '/heavy');
    const second = call('GET', '/heavy');
    await expect.poll(() => started).toBe(2);
    const third = await call('GET', '/heavy');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('2');
    expect(third.json()).toMatchObject({ message: LIMIT_MESSAGES.heavy(2) });
    // Another caller is not held up by the first one's.
    const other = call('GET', '/heavy', 'u2');
    await expect.poll(() => started).toBe(3);
    gates[0]!.resolve();
    expect((await first).statusCode).toBe(200);
    // One finished: one more may start.
    const fourth = call('GET', '/heavy');
    await expect.poll(() => started).toBe(4);
    for (const gate of gates) gate.resolve();
    expect((await second).statusCode).toBe(200);
    expect((await fourth).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
  });

  it('frees the slot when the handler fails', async () => {
    await build({ heavyPerCaller: 1 });
    const failing = call('GET', '/heavy', 'u1', undefined, { 'x-fail': '1' });
    await expect.poll(() => started).toBe(1);
    expect((await call('GET', '/heavy')).statusCode).toBe(429);
    gates[0]!.resolve();
    expect((await failing).statusCode).toBe(500);
    const next = call('GET', '/heavy');
    await expect.poll(() => started).toBe(2);
    gates[1]!.resolve();
    expect((await next).statusCode).toBe(200);
  });
});
