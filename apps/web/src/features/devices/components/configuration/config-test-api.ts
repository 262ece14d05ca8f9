import { vi } from 'vitest';
import { configureApiClient } from '../../../../lib/api-client';

export type Route = (body: unknown) => { status?: number; body: unknown };

/**
 * A fake API for the configuration cards' tests: `routes` answer by "METHOD path"; anything
 * else is a 404. Returns the fetch mock to inspect the calls.
 */
export function fakeApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url as string}`;
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: key }), {
        status: 404,
      });
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = route(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  configureApiClient({ baseUrl: '', getAccessToken: () => 't', fetch: fetchMock });
  return fetchMock;
}

/** An error answer in the API's shape. */
export function apiError(status: number, message: string) {
  const error = status === 400 ? 'Bad Request' : status === 404 ? 'Not Found' : 'Error';
  return { status, body: { statusCode: status, error, message } };
}

/** The bodies sent to "METHOD path". */
export function sentTo(fetchMock: ReturnType<typeof fakeApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key)
    .map(([, init]): unknown =>
      typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    );
}
