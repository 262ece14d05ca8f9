// @vitest-environment jsdom
import { diagnosticsEndpoints } from '@aerie/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { DiagnosticDownload } from './diagnostic-download';

afterEach(cleanup);

const E = diagnosticsEndpoints;
const PATH = 'ANT0001/ANT0001_20261122101500.kdp';
const server = setupApiServer();

function renderDownload(search: string, opened: string[] = []) {
  renderWithProviders(<DiagnosticDownload startDownload={(url) => opened.push(url)} />, {
    path: `/diagnostic/download${search}`,
  });
  return opened;
}

const dashboardLink = async () => {
  const link = await screen.findByRole('link', { name: 'Return to Dashboard' });
  expect(link.getAttribute('href')).toBe('/');
};

describe('DiagnosticDownload (spec 001 §2 "Diagnostic download page")', () => {
  it('asks for the signed URL of the path and starts the download', async () => {
    server.use(apiHandler(E.blobUrl, () => HttpResponse.text('/v2/storage/blob/signed?token=abc')));
    const opened = renderDownload(`?antennaSerial=ANT0001&path=${encodeURIComponent(PATH)}`);
    expect(await screen.findByText('File download initiated')).toBeDefined();
    expect(opened).toEqual(['/v2/storage/blob/signed?token=abc']);
    expect(server.sentTo(E.blobUrl)).toEqual([
      { container: 'diagnostics', filePath: PATH, view: false },
    ]);
    await dashboardLink();
  });

  it("says 'File not found' and why it may be when the file cannot be had", async () => {
    server.use(apiHandler(E.blobUrl, () => apiError(404, 'Diagnostic file not found')));
    const opened = renderDownload(`?antennaSerial=ANT0001&path=${encodeURIComponent(PATH)}`);
    expect(await screen.findByRole('heading', { name: 'File not found' })).toBeDefined();
    expect(
      screen.getByText(
        'The resource you are looking for might have been removed, or is temporarily unavailable.',
      ),
    ).toBeDefined();
    expect(opened).toEqual([]);
    await dashboardLink();
  });

  it.each([
    ['', 'Antenna Serial not found.'],
    [`?path=${encodeURIComponent(PATH)}`, 'Antenna Serial not found.'],
    ['?antennaSerial=ANT0001', 'Invalid path.'],
    ['?antennaSerial=ANT0001&path=ANT0002%2FANT0002_20261122101500.kdp', 'Invalid path.'],
    ['?antennaSerial=ANT0001&path=ANT0001%2Fnotes.txt', 'Invalid file name.'],
  ])('for %s says %s and asks nothing', async (search, message) => {
    renderDownload(search);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await dashboardLink();
    await waitFor(() => expect(server.requests()).toEqual([]));
  });
});
