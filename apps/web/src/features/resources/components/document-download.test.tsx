// @vitest-environment jsdom
import { HIGHLIGHT_END, HIGHLIGHT_START, diagnosticsEndpoints } from '@aerie/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { DocumentDownload } from './document-download';
import { HighlightedText } from './highlighted-text';

afterEach(cleanup);

const E = diagnosticsEndpoints;
const PATH = '/documents/HAWK u8/Installation/120-00101-001-revD.pdf';
const server = setupApiServer();

function renderDownload(search: string, opened: [string, boolean][] = []) {
  renderWithProviders(<DocumentDownload open={(url, view) => opened.push([url, view])} />, {
    path: `/resources/download${search}`,
  });
  return opened;
}

describe('DocumentDownload (spec 002 "Download page")', () => {
  it("acquires the file's signed URL, then opens it to view", async () => {
    server.use(apiHandler(E.blobUrl, () => HttpResponse.text('/v2/storage/blob/signed?token=abc')));
    const opened = renderDownload(`?path=${encodeURIComponent(PATH)}&view=true`);
    expect(await screen.findByText('Opening file')).toBeDefined();
    await waitFor(() => expect(opened).toEqual([['/v2/storage/blob/signed?token=abc', true]]));
    expect(server.sentTo(E.blobUrl)).toEqual([
      { container: 'documents', filePath: PATH, view: true },
    ]);
    expect(screen.getByRole('link', { name: 'Back to Topics' }).getAttribute('href')).toBe(
      '/resources/topics',
    );
  });

  it("says 'File not found' with the reason, and links back to the search that found it", async () => {
    server.use(apiHandler(E.blobUrl, () => apiError(404, 'File not found')));
    const opened = renderDownload(`?path=${encodeURIComponent(PATH)}&search=hawk`);
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Error downloading file.');
    expect(screen.getByRole('link', { name: 'Back to search results' }).getAttribute('href')).toBe(
      '/resources/search?q=hawk',
    );
    expect(opened).toEqual([]);
  });

  it.each([
    ['&view=true', 'Unable to acquire file URL'],
    ['', 'Unable to download file'],
  ])('says why when the server fails (%s): %s', async (view, message) => {
    server.use(apiHandler(E.blobUrl, () => apiError(500, 'boom')));
    renderDownload(`?path=${encodeURIComponent(PATH)}${view}`);
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it.each([
    ['', 'Invalid path.'],
    ['?path=%2Fdocuments%2F..%2Fsecret.pdf', 'Invalid path.'],
    ['?path=%2Fsecret%2Fa.pdf', 'Storage container not recognized.'],
    ['?path=%2Fdocuments%2FHAWK%20u8%2F', 'Invalid file name.'],
  ])('for %s says %s and asks nothing', async (search, message) => {
    renderDownload(search);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(server.requests()).toEqual([]));
  });
});

describe('HighlightedText', () => {
  it('marks the matches and shows markup as text, never as HTML', () => {
    const { container } = render(
      <HighlightedText
        highlight={`<b>bold</b> ${HIGHLIGHT_START}radome${HIGHLIGHT_END} <script>x</script>`}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['radome']);
    expect(container.querySelector('b, script')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b> radome <script>x</script>');
  });
});
