// @vitest-environment jsdom
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupApiServer } from '../../../test/api-server';
import {
  DIAGNOSTIC_DEVICE_ID,
  DIAGNOSTIC_MD5,
  buildUploadAnswer,
} from '../../../test/diagnostic-files.fixture';
import { renderWithProviders } from '../../../test/render';
import { createUploadQueue, type UploadFileFn } from '../utils/upload-queue';
import { DiagnosticsUpload } from './diagnostics-upload';

afterEach(cleanup);

// The processing state of a finished upload is Ready in these answers: no list is asked for.
setupApiServer();

/** Uploads that finish when the test says so. */
function controllableUploads() {
  const calls: { name: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const upload: UploadFileFn = ({ file }) =>
    new Promise((resolve, reject) => {
      calls.push({ name: file.name, resolve: () => resolve(buildUploadAnswer(file.name)), reject });
    });
  return { upload, calls };
}

const bundle = (name: string) => new File(['kdp'], name);
const NAMES = [1, 2, 3, 4].map((n) => `ANT000${n}_20261122101500.kdp`);

async function renderUpload(upload: UploadFileFn = controllableUploads().upload) {
  const queue = createUploadQueue(upload);
  const view = renderWithProviders(
    <>
      <Notifications />
      <DiagnosticsUpload queue={queue} />
    </>,
    { path: '/tools/diagnosticsUpload' },
  );
  // Inside a router (the view links): the page renders once the route has matched.
  await screen.findByRole('group', { name: 'Diagnostic files to upload' });
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { ...view, input, choose, queue };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const table = () => screen.getByRole('table', { name: 'Diagnostic uploads' });
const row = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(name) !== null) as HTMLElement;

describe('DiagnosticsUpload: the list', () => {
  it('tells the rules and keeps Start Uploads and Clear disabled while the list is empty', async () => {
    const { input } = await renderUpload();
    const rules = screen.getByRole('list', { name: 'Diagnostic files' });
    expect(rules.textContent).toContain('Each file may be at most 500MB.');
    expect(rules.textContent).toContain('ANTENNASERIAL_yyyymmddhhMMss.kdp');
    expect(rules.textContent).toContain('encrypted, gzipped and a tar archive');
    expect(input.multiple).toBe(true);
    expect(screen.getByRole('group', { name: 'Diagnostic files to upload' })).toBeDefined();
    expect(button('Start Uploads').disabled).toBe(true);
    expect(button('Clear').disabled).toBe(true);
    expect(within(table()).getByText('No files chosen.')).toBeDefined();
  });

  it('shows name, size and Pending with "-" as actions, and adds a name only once', async () => {
    const { choose } = await renderUpload();
    choose(bundle(NAMES[0]!), bundle(NAMES[1]!));
    choose(bundle(NAMES[0]!));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File Name', 'Size', 'Status', 'Actions', 'Remove']);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    const first = row(NAMES[0]!);
    expect(within(first).getByText('3.0 B')).toBeDefined();
    expect(within(first).getByText('Pending')).toBeDefined();
    expect(within(first).getByText('-')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain(NAMES[0]);
    expect(button('Start Uploads').disabled).toBe(false);
    expect(button('Clear').disabled).toBe(false);
  });

  it("adds a name without an antenna serial as an Error that says 'Unable to interpret Antenna Serial from file name.'", async () => {
    const { choose } = await renderUpload();
    choose(bundle('20261122101500.kdp'));
    const error = within(row('20261122101500.kdp')).getByRole('button', { name: 'Error' });
    error.focus();
    fireEvent.click(error);
    const popover = await screen.findByRole('dialog', { name: 'Why 20261122101500.kdp failed' });
    expect(within(popover).getByTestId('popover-message').textContent).toBe(
      'Unable to interpret Antenna Serial from file name.',
    );
    // Focus moves into it; Escape closes it and gives focus back to the button.
    await waitFor(() => expect(popover.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Error'));
    // Nothing to start: the only item is an error.
    expect(button('Start Uploads').disabled).toBe(true);
  });

  it('removes an item with its button, and Clear empties the list', async () => {
    const { choose } = await renderUpload();
    choose(bundle(NAMES[0]!), bundle(NAMES[1]!));
    fireEvent.click(button(`Remove ${NAMES[0]}`));
    await waitFor(() => expect(within(table()).queryByText(NAMES[0]!)).toBeNull());
    fireEvent.click(button('Clear'));
    await within(table()).findByText('No files chosen.');
    expect(button('Clear').disabled).toBe(true);
  });
});

describe('DiagnosticsUpload: uploading', () => {
  it('uploads at most 3 at once, with a spinner and an hourglass in place of remove', async () => {
    const { upload, calls } = controllableUploads();
    const { choose } = await renderUpload(upload);
    choose(...NAMES.map(bundle));
    fireEvent.click(button('Start Uploads'));
    expect(calls.map((c) => c.name)).toEqual(NAMES.slice(0, 3));
    await waitFor(() => expect(within(table()).getAllByText('Uploading')).toHaveLength(3));
    const uploading = row(NAMES[0]!);
    expect(
      within(uploading).getByRole('progressbar', { name: `Uploading ${NAMES[0]}` }),
    ).toBeDefined();
    expect(
      within(uploading).getByRole('img', {
        name: `${NAMES[0]} is uploading and cannot be removed`,
      }),
    ).toBeDefined();
    expect(within(uploading).queryByRole('button', { name: `Remove ${NAMES[0]}` })).toBeNull();
    expect(within(row(NAMES[3]!)).getByText('Pending')).toBeDefined();

    calls[0]!.resolve();
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]!.name).toBe(NAMES[3]);
  });

  it('links a finished upload to its analysis and copies the link', async () => {
    const { upload, calls } = controllableUploads();
    const { choose } = await renderUpload(upload);
    choose(bundle(NAMES[0]!));
    fireEvent.click(button('Start Uploads'));
    calls[0]!.resolve();
    const view = await within(table()).findByRole('link', { name: `View ${NAMES[0]}` });
    expect(view.getAttribute('href')).toBe(
      `/devices/${DIAGNOSTIC_DEVICE_ID}/diagnostics/analyze/${DIAGNOSTIC_MD5}/overview`,
    );
    const done = row(NAMES[0]!);
    expect(within(done).getByText('Done')).toBeDefined();
    expect(within(done).getByText('Ready')).toBeDefined();
    expect(within(done).queryByText('-')).toBeNull();
    const copied: string[] = [];
    // NOTE: jsdom has no clipboard; one for this test only, taken away again below.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    try {
      fireEvent.click(within(done).getByRole('button', { name: `Copy the link to ${NAMES[0]}` }));
      expect(await screen.findByText('Link copied to clipboard!')).toBeDefined();
      expect(copied).toEqual([
        `${window.location.origin}/devices/${DIAGNOSTIC_DEVICE_ID}/diagnostics/analyze/${DIAGNOSTIC_MD5}/overview`,
      ]);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it("shows the server's message of a failed upload on click, or 'Unknown Error'", async () => {
    const { upload, calls } = controllableUploads();
    const { choose } = await renderUpload(upload);
    choose(bundle(NAMES[0]!), bundle(NAMES[1]!));
    fireEvent.click(button('Start Uploads'));
    calls[0]!.reject(new Error('The file is empty.'));
    calls[1]!.reject(undefined);
    await waitFor(() =>
      expect(within(table()).getAllByRole('button', { name: 'Error' })).toHaveLength(2),
    );

    fireEvent.click(within(row(NAMES[0]!)).getByRole('button', { name: 'Error' }));
    const first = await screen.findByRole('dialog', { name: `Why ${NAMES[0]} failed` });
    expect(within(first).getByTestId('popover-message').textContent).toBe('The file is empty.');
    fireEvent.click(within(row(NAMES[1]!)).getByRole('button', { name: 'Error' }));
    const second = await screen.findByRole('dialog', { name: `Why ${NAMES[1]} failed` });
    expect(within(second).getByTestId('popover-message').textContent).toBe('Unknown Error');
    // A failed item can be removed again.
    expect(button(`Remove ${NAMES[0]}`)).toBeDefined();
  });
});
