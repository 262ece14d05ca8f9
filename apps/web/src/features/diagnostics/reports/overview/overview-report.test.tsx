// @vitest-environment jsdom
import { diagnosticsEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildOverview } from '../../analyze/diagnostics.fixture';
import { OverviewReport } from './overview-report';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const server = setupApiServer(apiAnswer(diagnosticsEndpoints.overview, buildOverview()));
const query = {
  antennaSerial: 'KYM-2411234',
  relativePath: 'KYM-2411234/KYM-2411234_20261122120000.kdp',
};

function render() {
  renderWithProviders(
    <>
      <Notifications />
      <OverviewReport query={query} />
    </>,
  );
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('OverviewReport', () => {
  it("marks a value that differs from the portal's with a word and an icon, not colour alone", async () => {
    render();
    const table = await screen.findByRole('table', {
      name: 'The diagnostic file compared with the portal',
    });
    const differing = rowOf(table, 'Software version');
    expect(differing.getAttribute('data-differs')).toBe('true');
    expect(differing.textContent).toContain('5.1.1');
    expect(differing.textContent).toContain('5.0.9');
    expect(within(differing).getByText('Differs')).toBeDefined();
    expect(differing.querySelector('svg')).not.toBeNull();
    const same = rowOf(table, 'Antenna serial');
    expect(same.getAttribute('data-differs')).toBeNull();
    expect(within(same).getByText('Match')).toBeDefined();
    expect(screen.getByText('1 value differs from the portal.')).toBeDefined();
  });

  it("shows 'N/A' for a value the diagnostic lacks and 'None' for one the portal lacks", async () => {
    render();
    const table = await screen.findByRole('table', {
      name: 'The diagnostic file compared with the portal',
    });
    const [modemDiagnostic, modemPortal, modemResult] = within(
      rowOf(table, 'Modem serial'),
    ).getAllByRole('cell');
    expect(modemDiagnostic?.textContent).toBe('N/A');
    expect(modemPortal?.textContent).toBe('IDQ-88112');
    expect(modemResult?.textContent).toBe('Not compared');
    const asm = within(rowOf(table, 'ASM serial')).getAllByRole('cell');
    expect(asm[0]?.textContent).toBe('ASM-1177');
    expect(asm[1]?.textContent).toBe('None');
  });

  it('lists entitlements and the component inventory in the order the server sorted them', async () => {
    render();
    const entitlements = await screen.findByRole('table', { name: 'Entitlements' });
    const rows = within(entitlements).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['AES256enabled', 'TRANSECdisabled']);
    const inventory = screen.getByRole('table', { name: 'Component inventory' });
    expect(within(inventory).getAllByRole('row')[1]?.textContent).toBe('acuACU-0042');
  });

  it("shows each text file with its name and timestamp, 'None' for a missing one and 'N/A' for no time", async () => {
    render();
    const files = await screen.findByRole('table', { name: 'Text files of the diagnostic file' });
    const serial = within(rowOf(files, 'Serial')).getAllByRole('cell');
    expect(serial[0]?.textContent).toBe('2026-11-22 11:59:00');
    expect(serial[2]?.textContent).toBe('KYM-2411234');
    expect(within(rowOf(files, 'version')).getAllByRole('cell')[0]?.textContent).toBe('N/A');
    expect(within(rowOf(files, 'EntitlementsKap')).getAllByRole('cell')[2]?.textContent).toBe(
      'None',
    );
  });

  it('folds a long file to its first lines, and unfolds it from the keyboard-reachable toggle', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    server.use(
      apiAnswer(
        diagnosticsEndpoints.overview,
        buildOverview({
          files: [{ name: 'serial_numbers', timestamp: null, size: 300, content: long }],
        }),
      ),
    );
    render();
    const toggle = await screen.findByRole('button', { name: 'Show all 30 lines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const block = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(block?.hasAttribute('data-folded')).toBe(true);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(block?.hasAttribute('data-folded')).toBe(false);
  });

  it("says the spec's text in a toast and inline when the call fails, and asks again", async () => {
    server.use(apiHandler(diagnosticsEndpoints.overview, () => apiError(500, 'Disk on fire')));
    render();
    expect(await screen.findAllByText('Error attempting to fetch Overview data.')).toHaveLength(2);
    expect(screen.getByText('The server said: Disk on fire')).toBeDefined();
    server.use(apiAnswer(diagnosticsEndpoints.overview, buildOverview()));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Entitlements' })).toBeDefined();
  });

  it('shows a 409 (still processing) inline, without a toast', async () => {
    server.use(
      apiHandler(diagnosticsEndpoints.overview, () =>
        apiError(409, 'The diagnostic file is still being processed; try again in a moment.'),
      ),
    );
    render();
    expect(
      await screen.findByText(
        'The diagnostic file is still being processed; try again in a moment.',
      ),
    ).toBeDefined();
    expect(screen.queryByText('Error attempting to fetch Overview data.')).toBeNull();
  });
});
