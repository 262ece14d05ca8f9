// Node's own fetch, FormData and File (jsdom's File is not a Blob to Node's fetch).
import { toolsEndpoints } from '@aerie/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupApiServer } from '../test/api-server';
import { callApi, configureApiClient } from './api-client';

const server = setupApiServer();

describe('callApi with a multipart endpoint', () => {
  it('sends the FormData as it is: multipart with its boundary, never JSON', async () => {
    let received: { type: string | null; names: string[]; text: string } | null = null;
    configureApiClient({ baseUrl: 'https://api.example.test', getAccessToken: () => 't' });
    server.use(
      http.post('https://api.example.test/v2/tools/options/validate', async ({ request }) => {
        const type = request.headers.get('Content-Type');
        const files = (await request.formData()).getAll('files') as File[];
        received = { type, names: files.map((f) => f.name), text: await files[0]!.text() };
        return HttpResponse.json({ totalFiles: 2, results: [] });
      }),
    );
    const body = new FormData();
    body.append('files', new File(['AERIE-OPT/1\n'], 'a.opt'));
    body.append('files', new File(['x'], 'b.opt'));
    const answer = await callApi(toolsEndpoints.validateOptions, { body });
    expect(answer).toEqual({ totalFiles: 2, results: [] });
    expect(received).toMatchObject({ names: ['a.opt', 'b.opt'], text: 'AERIE-OPT/1\n' });
    expect(received!.type).toMatch(/^multipart\/form-data; boundary=/);
  });
});
