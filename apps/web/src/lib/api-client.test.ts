// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setupApiServer } from '../test/api-server';
import {
  apiDownload,
  apiFetch,
  ApiError,
  configureApiClient,
  fileNameFromDisposition,
  queryRetryDelay,
  shouldRetryQuery,
} from './api-client';

const itemSchema = z.object({ id: z.number(), name: z.string() });

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

const server = setupApiServer();

/** Answers every call to https://api.example.test with `answer`. */
function setup(answer: () => Response | Promise<Response>, token: string | null = 'token-123') {
  server.use(http.all('https://api.example.test/*', answer));
  configureApiClient({ baseUrl: 'https://api.example.test/', getAccessToken: () => token });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('apiFetch', () => {
  it('prefixes the configured apiUrl and sends the bearer token', async () => {
    setup(() => jsonResponse({ id: 1, name: 'one' }));

    await apiFetch('/v2/items/1', itemSchema);

    expect(server.requests()).toHaveLength(1);
    const [request] = server.requests();
    expect(request?.url.href).toBe('https://api.example.test/v2/items/1');
    const headers = request!.headers;
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a session', async () => {
    setup(() => jsonResponse({ id: 1, name: 'one' }), null);

    await apiFetch('/v2/items/1', itemSchema);

    expect(server.requests()[0]?.headers.has('Authorization')).toBe(false);
  });

  it('returns the body parsed with the schema', async () => {
    setup(() => jsonResponse({ id: 7, name: 'seven', extra: true }));

    await expect(apiFetch('/v2/items/7', itemSchema)).resolves.toEqual({ id: 7, name: 'seven' });
  });

  it('maps an error answer to ApiError with the status and the server message', async () => {
    setup(() =>
      jsonResponse(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Name is required',
          field: 'name',
        },
        { status: 422, statusText: 'Unprocessable Entity' },
      ),
    );

    const error = await rejection(
      apiFetch('/v2/items', itemSchema, { method: 'POST', body: '{}' }),
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.kind).toBe('http');
    expect(error.message).toBe('Name is required');
    expect(error.field).toBe('name');
  });

  it('names the status when the error body carries no message', async () => {
    setup(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );

    const error = await rejection(apiFetch('/v2/items/1', itemSchema));

    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status 502 (Bad Gateway).');
    expect(error.field).toBeUndefined();
  });

  it("takes the server's message from an error body of another shape, not the status text", async () => {
    setup(() =>
      Response.json(
        { message: 'The hub did not answer in time.' },
        {
          status: 504,
          statusText: 'Gateway Timeout',
        },
      ),
    );
    expect((await rejection(apiFetch('/v2/items/1', itemSchema))).message).toBe(
      'The hub did not answer in time.',
    );
    setup(() => new Response('upstream connect error', { status: 503, statusText: 'Unavailable' }));
    expect((await rejection(apiFetch('/v2/items/1', itemSchema))).message).toBe(
      'upstream connect error',
    );
  });

  it('rejects with an invalid-response ApiError when the body does not match the schema', async () => {
    setup(() => jsonResponse({ id: 'not-a-number' }));

    const error = await rejection(apiFetch('/v2/items/1', itemSchema));

    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('rejects with a network ApiError when the server cannot be reached', async () => {
    setup(() => HttpResponse.error());

    const error = await rejection(apiFetch('/v2/items/1', itemSchema));

    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
  });

  it('gives up after the timeout with a timeout ApiError', async () => {
    vi.useFakeTimers();
    // The server never answers.
    server.use(http.get('/v2/slow', () => new Promise<Response>(() => undefined)));
    configureApiClient({ baseUrl: '', getAccessToken: () => 't', timeoutMs: 60_000 });

    const pending = rejection(apiFetch('/v2/slow', itemSchema));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;

    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
  });
});

describe('apiFetch error rules (spec 000 §8)', () => {
  function withHandlers(status: number) {
    const handlers = {
      onUnauthorized: vi.fn(),
      onServiceUnavailable: vi.fn(),
      onUnexpectedError: vi.fn(),
    };
    server.use(
      http.all('/v2/x', () =>
        jsonResponse({ statusCode: status, error: 'x', message: 'failed' }, { status }),
      ),
    );
    configureApiClient({ baseUrl: '', getAccessToken: () => 't', ...handlers });
    return handlers;
  }

  it('a 401 reports the lost session only', async () => {
    const h = withHandlers(401);
    await rejection(apiFetch('/v2/x', itemSchema));
    expect(h.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(h.onUnexpectedError).not.toHaveBeenCalled();
  });

  it('a 503 goes to maintenance', async () => {
    const h = withHandlers(503);
    await rejection(apiFetch('/v2/x', itemSchema));
    expect(h.onServiceUnavailable).toHaveBeenCalledTimes(1);
  });

  it('a 500 is unexpected unless the call is quiet; a 400 is left to the caller', async () => {
    const h = withHandlers(500);
    await rejection(apiFetch('/v2/x', itemSchema));
    await rejection(apiFetch('/v2/x', itemSchema, { quiet: true }));
    expect(h.onUnexpectedError).toHaveBeenCalledTimes(1);
    const h400 = withHandlers(400);
    await rejection(apiFetch('/v2/x', itemSchema));
    expect(h400.onUnexpectedError).not.toHaveBeenCalled();
  });
});

describe("a 429 (the server's per-user limits)", () => {
  it('keeps the Retry-After of the answer, in ms', async () => {
    setup(() =>
      jsonResponse(
        { statusCode: 429, error: 'Too Many Requests', message: 'Too many changes.' },
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '7' } },
      ),
    );
    const error = await rejection(apiFetch('/v2/x', itemSchema));
    expect(error).toMatchObject({ status: 429, message: 'Too many changes.', retryAfterMs: 7000 });
  });

  it('asks a query again after the server said, three times; other client errors never', () => {
    const limited = new ApiError({ status: 429, kind: 'http', message: 'x', retryAfterMs: 2000 });
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, limited))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(queryRetryDelay(0, limited)).toBe(2000);
    const notFound = new ApiError({ status: 404, kind: 'http', message: 'x' });
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    const down = new ApiError({ status: 502, kind: 'http', message: 'x' });
    expect([0, 1, 2].map((n) => shouldRetryQuery(n, down))).toEqual([true, true, false]);
    expect(queryRetryDelay(1, down)).toBe(2000);
  });
});

describe('apiDownload', () => {
  it('sends the bearer token and answers the bytes with the name the server gave', async () => {
    setup(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="Ship __lesund_.zip"; filename*=UTF-8''${encodeURIComponent('Ship "Ålesund".zip')}`,
          },
        }),
    );
    const file = await apiDownload('/v2/devices/1/downloadOptionsFiles');
    const [request] = server.requests();
    expect(request?.url.href).toBe('https://api.example.test/v2/devices/1/downloadOptionsFiles');
    const headers = request!.headers;
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Accept')).toBe('*/*');
    expect(file.fileName).toBe('Ship "Ålesund".zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(
      new Uint8Array([0x50, 0x4b, 3, 4]),
    );
  });

  it('rejects with the server message as an ApiError', async () => {
    setup(() =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: 'No antenna.' }, { status: 409 }),
    );
    const error = await rejection(apiDownload('/x'));
    expect(error).toMatchObject({ status: 409, message: 'No antenna.' });
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    [null, null],
    ['attachment', null],
    ['attachment; filename="a b.jwt"', 'a b.jwt'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    ['attachment; filename="fallback.zip"; filename*=UTF-8\'\'%C3%85.zip', 'Å.zip'],
    ['attachment; filename="ok.zip"; filename*=UTF-8\'\'%E0%A4%A', 'ok.zip'],
  ])('reads %j as %j', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
