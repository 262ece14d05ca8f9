// @vitest-environment jsdom
import { devicesEndpoints, diagnosticsEndpoints, shellEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { buildDevice } from '../../../test/device.fixture';
import { renderWithProviders } from '../../../test/render';
import { DiagnosticAnalyzePage } from './analyze-page';
import {
  buildDiagnosticFile,
  buildOverview,
  buildRun,
  buildTestData,
  DEVICE_ID,
  FILE_HASH,
  reportTypes,
} from './diagnostics.fixture';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const device = buildDevice({ id: DEVICE_ID });
const server = setupApiServer(
  apiAnswer(devicesEndpoints.get, device),
  apiAnswer(shellEndpoints.addRecentItem, []),
  apiAnswer(diagnosticsEndpoints.fileByHash, buildDiagnosticFile()),
  apiAnswer(diagnosticsEndpoints.reportTypes, reportTypes),
  apiAnswer(diagnosticsEndpoints.overview, buildOverview()),
  apiAnswer(diagnosticsEndpoints.bist, { run: buildRun('post', buildTestData(0)) }),
);

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeAll(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterAll(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const analyzePath = (report: string) =>
  `/devices/${DEVICE_ID}/diagnostics/analyze/${FILE_HASH}/${report}`;

/** The page in a router with its real route, opened at `path`. */
function renderPage(path: string) {
  const root = createRootRoute();
  const analyze = createRoute({
    getParentRoute: () => root,
    path: '/devices/$id/diagnostics/analyze/$fileHash/$selectedReport',
    component: DiagnosticAnalyzePage,
  });
  const files = createRoute({
    getParentRoute: () => root,
    path: '/devices/$id/diagnostics',
    component: () => <p>The files</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([analyze, files]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(
    <>
      <Notifications />
      <RouterProvider router={router} />
    </>,
  );
  return router;
}

describe('DiagnosticAnalyzePage', () => {
  it("shows the file's name, antenna serial, diagnostic date (UTC) and size", async () => {
    renderPage(analyzePath('overview'));
    const header = await screen.findByRole('region', { name: 'Diagnostic file' });
    expect(
      within(header).getByRole('heading', { name: 'KYM-2411234_20261122120000.kdp' }),
    ).toBeDefined();
    expect(header.textContent).toContain('KYM-2411234');
    expect(header.textContent).toContain('2026-11-22 12:00:00');
    expect(header.textContent).toContain('1.5 MB');
    const [request] = server
      .requests()
      .filter((r) => r.url.pathname.startsWith('/v2/devices/') && r.url.pathname.includes('diag'));
    expect(request?.path).toBe(`/v2/devices/${DEVICE_ID}/diagnostics/${FILE_HASH}`);
  });

  it("says the spec's text and links back to the device's files when the file is not found", async () => {
    server.use(
      apiHandler(diagnosticsEndpoints.fileByHash, () => apiError(404, 'Diagnostic file not found')),
    );
    const router = renderPage(analyzePath('overview'));
    expect(
      await screen.findByText(
        'Diagnostic file not found, please navigate back to the list of files to try again.',
      ),
    ).toBeDefined();
    const back = screen.getByRole('link', { name: 'Back to the diagnostic files' });
    expect(back.getAttribute('href')).toBe(`/devices/${DEVICE_ID}/diagnostics`);
    fireEvent.click(back);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/devices/${DEVICE_ID}/diagnostics`),
    );
  });

  it("shows 'Not yet supported.' for a report route the portal does not know", async () => {
    renderPage(analyzePath('spectrum'));
    expect(await screen.findByText('Not yet supported.')).toBeDefined();
    const tabs = screen.getByRole('tablist', { name: 'Reports' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(6);
    expect(within(tabs).queryByRole('tab', { selected: true })).toBeNull();
    expect(server.sentTo(diagnosticsEndpoints.overview)).toHaveLength(0);
  });

  it("shows a disabled report's tab disabled and 'Not yet supported.' when it is opened", async () => {
    renderPage(analyzePath('system-logs'));
    expect(await screen.findByText('Not yet supported.')).toBeDefined();
    const tab = screen.getByRole('tab', { name: 'System Logs' });
    expect(tab.hasAttribute('disabled') || tab.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.getByRole('tab', { name: 'AIM Tracking' }).hasAttribute('disabled')).toBe(false);
  });

  it('changes the route when another report is chosen, and shows it', async () => {
    const router = renderPage(analyzePath('overview'));
    expect(await screen.findByRole('table', { name: 'Entitlements' })).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: 'BIST' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(analyzePath('bist')));
    expect(await screen.findByRole('table', { name: 'Summary of post' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'BIST' }).getAttribute('aria-selected')).toBe('true');
    const [query] = server.requests().filter((r) => r.url.pathname.endsWith('/reports/bist'));
    expect(query?.url.searchParams.get('antennaSerial')).toBe('KYM-2411234');
    expect(query?.url.searchParams.get('relativePath')).toBe(
      'KYM-2411234/KYM-2411234_20261122120000.kdp',
    );
  });

  it('shares a link that follows the report on screen, and copies it', async () => {
    writeText.mockResolvedValue(undefined);
    renderPage(analyzePath('overview'));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    let dialog = await screen.findByRole('dialog', { name: 'Share this report' });
    const link = within(dialog).getByRole<HTMLInputElement>('textbox', {
      name: 'Link to this report',
    });
    expect(link.value).toBe(new URL(analyzePath('overview'), window.location.href).href);
    expect(link.hasAttribute('readonly')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith(
      new URL(analyzePath('overview'), window.location.href).href,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'POST' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    dialog = await screen.findByRole('dialog', { name: 'Share this report' });
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Link to this report' })
          .value,
      ).toBe(new URL(analyzePath('post'), window.location.href).href),
    );
  });

  it('follows a file being processed and shows its report once it is Ready', async () => {
    let asked = 0;
    server.use(
      apiHandler(diagnosticsEndpoints.fileByHash, () => {
        asked++;
        return HttpResponse.json(buildDiagnosticFile({ status: asked === 1 ? 'Queued' : 'Ready' }));
      }),
    );
    renderPage(analyzePath('overview'));
    expect(await screen.findByText('This diagnostic file is being processed')).toBeDefined();
    expect(screen.getByText('Queued')).toBeDefined();
    expect(server.sentTo(diagnosticsEndpoints.overview)).toHaveLength(0);
    expect(
      await screen.findByRole('table', { name: 'Entitlements' }, { timeout: 8_000 }),
    ).toBeDefined();
    expect(asked).toBe(2);
    expect(screen.queryByText('This diagnostic file is being processed')).toBeNull();
  }, 15_000);

  it('says why a rejected file cannot be analyzed', async () => {
    server.use(
      apiAnswer(
        diagnosticsEndpoints.fileByHash,
        buildDiagnosticFile({ status: 'Rejected', statusMessage: 'unknown key' }),
      ),
    );
    renderPage(analyzePath('overview'));
    expect(
      await screen.findByText('The diagnostic file could not be read: unknown key'),
    ).toBeDefined();
    expect(screen.queryByRole('tablist', { name: 'Reports' })).toBeNull();
  });
});
