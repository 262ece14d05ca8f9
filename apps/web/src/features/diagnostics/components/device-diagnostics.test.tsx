// @vitest-environment jsdom
import { diagnosticsEndpoints, type DiagnosticFileList } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import {
  DIAGNOSTIC_DEVICE_ID as DEVICE,
  DIAGNOSTIC_MD5,
  buildDiagnosticFile,
  buildUploadAnswer,
} from '../../../test/diagnostic-files.fixture';
import { renderWithProviders } from '../../../test/render';
import { DeviceDiagnostics } from './device-diagnostics';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const E = diagnosticsEndpoints;
const SERIAL = 'ANT0001';
const READY = buildDiagnosticFile();
const REJECTED = buildDiagnosticFile({
  fileName: 'ANT0001_20261120080000.kdp',
  fileHash: 'fedcba9876543210fedcba9876543210',
  fileSize: 2_000,
  diagnosticCreatedOn: '2026-11-20T08:00:00.000Z',
  status: 'Rejected',
  statusMessage: 'The bundle failed authentication.',
});
const list: DiagnosticFileList = { items: [READY, REJECTED], total: 2 };

const server = setupApiServer(apiAnswer(E.list, list));

async function renderDiagnostics(
  antennaSerial: string | null = SERIAL,
  startDownload: (url: string) => void = () => undefined,
) {
  const view = renderWithProviders(
    <>
      <Notifications />
      <DeviceDiagnostics
        deviceId={DEVICE}
        antennaSerial={antennaSerial}
        startDownload={startDownload}
      />
    </>,
    { path: `/devices/${DEVICE}/diagnostics` },
  );
  await screen.findByText(
    antennaSerial === null ? /no antenna serial/ : 'Upload a diagnostic file',
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  const choose = (file: File) => fireEvent.change(input!, { target: { files: [file] } });
  return { ...view, choose };
}

const table = () => screen.getByRole('table', { name: 'Diagnostic files' });
const row = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name) !== null) as HTMLElement;
const upload = () => fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

describe('DeviceDiagnostics: the file list', () => {
  it('lists the antenna’s files: name, size, created on in UTC, state and actions', async () => {
    await renderDiagnostics();
    await within(table()).findByText(READY.fileName);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File Name', 'File Size', 'Created On (UTC)', 'State', 'Actions']);
    expect(server.requests()[0]?.path).toBe('/v2/storage/diagnostics/ANT0001/items?take=100');
    const ready = row(READY.fileName);
    expect(within(ready).getByText('1.2 MB')).toBeDefined();
    expect(within(ready).getByText('2026-11-22 10:15:00')).toBeDefined();
    expect(within(ready).getByText('Ready')).toBeDefined();
    expect(
      within(ready)
        .getByRole('link', { name: `Analyze ${READY.fileName}` })
        .getAttribute('href'),
    ).toBe(`/devices/${DEVICE}/diagnostics/analyze/${DIAGNOSTIC_MD5}/overview`);
    // A rejected file cannot be analyzed; it says why on click.
    const rejected = row(REJECTED.fileName);
    expect(within(rejected).queryByRole('link', { name: /Analyze/ })).toBeNull();
    fireEvent.click(within(rejected).getByRole('button', { name: 'Rejected' }));
    const reason = await screen.findByRole('dialog', {
      name: `Why ${REJECTED.fileName} was rejected`,
    });
    expect(within(reason).getByText('The bundle failed authentication.')).toBeDefined();
  });

  it("says 'No diagnostic files found.' when the antenna has none", async () => {
    server.use(apiAnswer(E.list, { items: [], total: 0 }));
    await renderDiagnostics();
    expect(await within(table()).findByText('No diagnostic files found.')).toBeDefined();
  });

  it('says so when the device has no antenna serial, and asks nothing', async () => {
    await renderDiagnostics(null);
    expect(screen.getByRole('status').textContent).toContain('no antenna serial');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(server.requests()).toEqual([]);
  });

  it('downloads a file through its signed URL', async () => {
    const opened: string[] = [];
    server.use(
      apiHandler(E.blobUrl, () =>
        HttpResponse.text('https://files.example.test/v2/storage/blob/signed?token=abc'),
      ),
    );
    await renderDiagnostics(SERIAL, (url) => opened.push(url));
    await within(table()).findByText(READY.fileName);
    fireEvent.click(screen.getByRole('button', { name: `Download ${READY.fileName}` }));
    await waitFor(() =>
      expect(opened).toEqual(['https://files.example.test/v2/storage/blob/signed?token=abc']),
    );
    expect(server.sentTo(E.blobUrl)).toEqual([
      { container: 'diagnostics', filePath: READY.relativePath, view: false },
    ]);
    expect(await screen.findByText('File download initiated')).toBeDefined();
  });

  it("says 'Error downloading file.' with the server's words when no URL comes", async () => {
    server.use(apiHandler(E.blobUrl, () => apiError(404, 'Diagnostic file not found')));
    await renderDiagnostics();
    await within(table()).findByText(READY.fileName);
    fireEvent.click(screen.getByRole('button', { name: `Download ${READY.fileName}` }));
    expect(await screen.findByText('Error downloading file.')).toBeDefined();
    expect(screen.getByText('Diagnostic file not found')).toBeDefined();
  });
});

describe('DeviceDiagnostics: uploading one file (spec 001 §5, §8)', () => {
  it("says 'File not found, please select a file.' without a file", async () => {
    await renderDiagnostics();
    upload();
    expect(await screen.findByText('File not found, please select a file.')).toBeDefined();
  });

  it("refuses a file over 5e8 bytes before sending it: 'File exceeds maximum size limit (500MB).'", async () => {
    const { choose } = await renderDiagnostics();
    const big = new File(['x'], 'ANT0001_20261122101500.kdp');
    Object.defineProperty(big, 'size', { value: 500_000_001 });
    choose(big);
    upload();
    expect(await screen.findByText('File exceeds maximum size limit (500MB).')).toBeDefined();
    expect(server.sentTo(E.upload)).toEqual([]);
  });

  it('refuses a name without an antenna serial, or another antenna’s file', async () => {
    const { choose } = await renderDiagnostics();
    choose(new File(['x'], 'bundle.kdp'));
    upload();
    expect(
      await screen.findByText('Unable to interpret Antenna Serial from file name.'),
    ).toBeDefined();
    choose(new File(['x'], 'ANT0002_20261122101500.kdp'));
    upload();
    expect(
      await screen.findByText("The file name's antenna serial ANT0002 does not match ANT0001."),
    ).toBeDefined();
    expect(server.sentTo(E.upload)).toEqual([]);
  });

  it("uploads with the serial, says 'Successfully uploaded!' and asks for the list again", async () => {
    const name = 'ANT0001_20261123090000.kdp';
    server.use(apiAnswer(E.upload, buildUploadAnswer(name, { status: 'Queued' })));
    const { choose } = await renderDiagnostics();
    await within(table()).findByText(READY.fileName);
    const listCalls = () => server.requests().filter((r) => r.url.pathname.endsWith('/items'));
    expect(listCalls()).toHaveLength(1);
    choose(new File(['kdp'], name));
    upload();
    expect(await screen.findByText('Successfully uploaded!')).toBeDefined();
    const sent = server.requests().find((r) => r.method === 'POST');
    expect(sent?.path).toBe('/v2/storage/diagnostics/ANT0001');
    expect(sent?.headers.get('authorization')).toBe('Bearer t');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(screen.queryByText(/There was a problem/)).toBeNull();
  });

  it("shows a refusal as 'There was a problem uploading the diagnostic file: {message}'", async () => {
    server.use(apiHandler(E.upload, () => apiError(413, 'The file is over 500000000 bytes.')));
    const { choose } = await renderDiagnostics();
    choose(new File(['kdp'], 'ANT0001_20261123090000.kdp'));
    upload();
    expect(
      await screen.findByText(
        'There was a problem uploading the diagnostic file: The file is over 500000000 bytes.',
      ),
    ).toBeDefined();
  });
});
