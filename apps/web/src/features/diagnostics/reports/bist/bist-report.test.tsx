// @vitest-environment jsdom
import { diagnosticsEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildRun, buildTestData } from '../../analyze/diagnostics.fixture';
import { reportErrorToast } from '../report-state';
import { BistReport } from './bist-report';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const server = setupApiServer(
  apiAnswer(diagnosticsEndpoints.bist, { run: buildRun('post', buildTestData(0)) }),
);
const query = {
  antennaSerial: 'KYM-2411234',
  relativePath: 'KYM-2411234/KYM-2411234_20261122120000.kdp',
};

function render() {
  renderWithProviders(
    <>
      <Notifications />
      <BistReport query={query} />
    </>,
  );
}

function answer(failures: number) {
  server.use(
    apiAnswer(diagnosticsEndpoints.bist, { run: buildRun('post', buildTestData(failures)) }),
  );
}

/** The Summary's one row, by column header. */
async function summary(): Promise<Record<string, string>> {
  const table = await screen.findByRole('table', { name: 'Summary of post' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
  const cells = within(table)
    .getAllByRole('cell')
    .map((td) => td.textContent ?? '');
  return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']));
}

describe('BistReport', () => {
  it('sums up a run that passed: serials, PASS, first start and last end in UTC', async () => {
    render();
    expect(await summary()).toEqual({
      'ACU Serial': 'ACU-0042',
      'Antenna Serial': 'KYM-2411234',
      'ASM Serial': 'ASM-1177',
      Status: 'PASS',
      'Start (UTC)': '2026-11-22 11:58:02',
      'End (UTC)': '2026-11-22 11:58:09',
    });
    expect(screen.getByText('0 of 5 tests failed')).toBeDefined();
    expect(screen.getByRole('switch', { name: 'Failed only' })).toHaveProperty('disabled', true);
  });

  it("says 'FAIL (n)' with the number of failing tests", async () => {
    answer(3);
    render();
    expect((await summary())['Status']).toBe('FAIL (3)');
    expect(screen.getByText('3 of 5 tests failed')).toBeDefined();
  });

  it('lists every test with its result, and the value or the gamma values joined', async () => {
    answer(1);
    render();
    const table = await screen.findByRole('table', { name: 'Test results of post' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]?.getAttribute('data-failed')).toBe('true');
    expect(rows[0]?.textContent).toContain('FAIL');
    expect(rows[1]?.getAttribute('data-failed')).toBeNull();
    expect(rows[1]?.textContent).toContain('PASS');
    expect(rows[1]?.textContent).toContain('gammaSweep');
    expect(rows[1]?.textContent).toContain('-14.2, -13.9');
    expect(rows[3]?.textContent).toContain('1.5 s');
  });

  it('expands a failed row to its message and value, and folds it again', async () => {
    answer(1);
    render();
    const toggle = await screen.findByRole('button', { name: 'Details of lnaCurrent' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details?.textContent).toContain('MessagelnaCurrent out of range');
    expect(details?.textContent).toContain('Value0.82');
    expect(details?.textContent).toContain('Failure code 3');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Failure code 3')).toBeNull();
    // Passing rows have nothing more to show.
    expect(screen.queryByRole('button', { name: 'Details of gammaSweep' })).toBeNull();
  });

  it('shows the failed tests alone when asked', async () => {
    answer(2);
    render();
    const table = await screen.findByRole('table', { name: 'Test results of post' });
    fireEvent.click(screen.getByRole('switch', { name: 'Failed only' }));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-failed'))).toEqual(['true', 'true']);
  });

  it("says why a run has no data, or 'None'", async () => {
    server.use(
      apiAnswer(diagnosticsEndpoints.bist, {
        run: buildRun('post', null, 'The report is not valid JSON.'),
      }),
    );
    render();
    expect(await screen.findByText('The report is not valid JSON.')).toBeDefined();
    cleanup();
    server.use(apiAnswer(diagnosticsEndpoints.bist, { run: buildRun('post', null) }));
    render();
    expect(await screen.findByText('None')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says the spec's text in a toast and inline when the call fails", async () => {
    server.use(apiHandler(diagnosticsEndpoints.bist, () => apiError(500, 'boom')));
    render();
    expect(await screen.findByText('The server said: boom')).toBeDefined();
    const toasts = () =>
      screen
        .queryAllByText('Error attempting to fetch BIST data.')
        .filter((node) => node.closest('.mantine-Notification-root'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
  });
});

describe('reportErrorToast', () => {
  it('stays 2.5 s (spec 001 §9)', () => {
    expect(reportErrorToast('Error attempting to fetch BIST data.')).toEqual({
      message: 'Error attempting to fetch BIST data.',
      color: 'red',
      autoClose: 2_500,
    });
  });
});
