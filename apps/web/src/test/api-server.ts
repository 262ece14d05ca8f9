import {
  routerPath,
  type EndpointDefinition,
  type EndpointReply,
  type HttpMethod,
} from '@aerie/contract';
import {
  http,
  HttpResponse,
  matchRequestUrl,
  type HttpHandler,
  type HttpResponseResolver,
  type JsonBodyType,
  type RequestHandler,
} from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureApiClient } from '../lib/api-client';

/** A request the fake API saw. */
export interface SeenRequest {
  method: string;
  url: URL;
  /** Path and query, as the app asked for them (`/v2/jobs?skip=0&take=25`). */
  path: string;
  headers: Headers;
  /** The JSON body (the text of another body, e.g. multipart); undefined without one. */
  body: unknown;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface ApiServer {
  /** Adds handlers for the current test, ahead of the file's own; dropped after each test. */
  use: (...handlers: RequestHandler[]) => void;
  /** The requests of the current test, in order. */
  requests: () => SeenRequest[];
  /** The JSON bodies the current test sent to an endpoint. */
  sentTo: (endpoint: EndpointDefinition) => unknown[];
}

/**
 * A fake API for a test file (msw): the API client calls it through `fetch`, `handlers` answer,
 * a request no handler answers fails the call (msw's "error" strategy) unless a handler such as
 * {@link notFoundHandler} catches it.
 */
export function setupApiServer(...handlers: RequestHandler[]): ApiServer {
  const server = setupServer(...handlers);
  let seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = {
      method: request.method,
      url,
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body: undefined,
    };
    seen.push(entry);
    // NOTE: the body is read from a clone; the app's own request stays unread for the handler.
    void request
      .clone()
      .text()
      .then((text) => {
        entry.body = text === '' ? undefined : jsonOrText(text);
      });
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    seen = [];
    configureApiClient({ baseUrl: '', getAccessToken: () => 't' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return {
    use: (...extra) => server.use(...extra),
    requests: () => seen,
    sentTo: (endpoint) =>
      seen
        .filter(
          (request) =>
            request.method === endpoint.method &&
            matchRequestUrl(request.url, routerPath(endpoint.path)).matches,
        )
        .map((request) => request.body),
  };
}

const methods: Record<HttpMethod, typeof http.get> = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
};

/** An msw handler for a contract endpoint: its method and path (`{id}` matches any id). */
export function apiHandler(endpoint: EndpointDefinition, resolver: HttpResponseResolver) {
  return methods[endpoint.method](routerPath(endpoint.path), resolver);
}

/** A handler that answers an endpoint with its success JSON, typed by the contract. */
export function apiAnswer<E extends EndpointDefinition>(
  endpoint: E,
  body: EndpointReply<E> & JsonBodyType,
  status = 200,
): HttpHandler {
  return apiHandler(endpoint, () => HttpResponse.json(body, { status }));
}

/** An error answer in the API's shape. */
export function apiError(status: number, message: string): Response {
  const error = status === 400 ? 'Bad Request' : status === 404 ? 'Not Found' : 'Error';
  return HttpResponse.json({ statusCode: status, error, message }, { status });
}

/** Answers every request no other handler answered with a 404 in the API's shape. */
export const notFoundHandler = http.all('*', ({ request }) =>
  apiError(404, `${request.method} ${new URL(request.url).pathname}`),
);
