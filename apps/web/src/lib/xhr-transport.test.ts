// @vitest-environment jsdom
import { toolsEndpoints } from '@aerie/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, setupApiServer } from '../test/api-server';
import { ApiError, callApi } from './api-client';
import { xhrTransport } from './xhr-transport';

const server = setupApiServer();
const ENDPOINT = toolsEndpoints.validateOptions;
const form = () => {
  const body = new FormData();
  body.append('files', new File(['AERIE-OPT/1\n'], 'a.opt'));
  return body;
};

describe('xhrTransport', () => {
  it('sends through XMLHttpRequest with the bearer token, reports progress and parses the answer', async () => {
    let authorization: string | null = null;
    server.use(
      apiHandler(ENDPOINT, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ totalFiles: 0, results: [] });
      }),
    );
    const progress: [number, number][] = [];
    const answer = await callApi(
      ENDPOINT,
      { body: form() },
      { transport: xhrTransport((loaded, total) => progress.push([loaded, total])) },
    );
    expect(answer).toEqual({ totalFiles: 0, results: [] });
    expect(authorization).toBe('Bearer t');
    expect(progress.length).toBeGreaterThan(0);
    const [loaded, total] = progress.at(-1)!;
    expect(loaded).toBe(total);
  });

  it("rejects with the API's error, as fetch would", async () => {
    server.use(apiHandler(ENDPOINT, () => apiError(413, 'Too large.')));
    const failure = callApi(ENDPOINT, { body: form() }, { transport: xhrTransport() });
    await expect(failure).rejects.toMatchObject({ status: 413, message: 'Too large.' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
  });

  it('turns a network failure into an ApiError of kind network', async () => {
    server.use(http.post('*/v2/tools/options/validate', () => HttpResponse.error()));
    await expect(
      callApi(ENDPOINT, { body: form() }, { transport: xhrTransport() }),
    ).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it("rejects with the caller's abort", async () => {
    const controller = new AbortController();
    const reason = new DOMException('Left the page.', 'AbortError');
    controller.abort(reason);
    await expect(
      callApi(ENDPOINT, { body: form() }, { transport: xhrTransport(), signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});
