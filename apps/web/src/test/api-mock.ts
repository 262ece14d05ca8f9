import { vi, type Mock } from 'vitest';
import { configureApiClient } from '../lib/api-client';

/** A JSON answer with a status. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status });

export interface ApiMock {
  /** What the server answers next; replace it to change the answer. */
  answer: () => Response | Promise<Response>;
  fetch: Mock<typeof fetch>;
  /** The search parameters of each request, in order. */
  requests: () => URLSearchParams[];
}

/** Points the API client at a mock `fetch` that answers `body` until `answer` is replaced. */
export function mockApi(body: unknown): ApiMock {
  const fetchMock = vi.fn<typeof fetch>(async () => mock.answer());
  const mock: ApiMock = {
    answer: () => jsonResponse(body),
    fetch: fetchMock,
    requests: () =>
      fetchMock.mock.calls.map(([url]) => new URL(url as string, 'http://x').searchParams),
  };
  configureApiClient({ baseUrl: '', getAccessToken: () => 't', fetch: fetchMock });
  return mock;
}
