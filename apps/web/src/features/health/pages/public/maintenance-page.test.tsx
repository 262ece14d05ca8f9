// @vitest-environment jsdom
import { healthEndpoints } from '@aerie/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { MaintenancePage } from './maintenance-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const server = setupApiServer();
const unhealthy = () => apiHandler(healthEndpoints.maintenance, () => apiError(500, 'Down.'));
const healthy = () => apiAnswer(healthEndpoints.maintenance, { maintenance: false });
const checks = () => server.sentTo(healthEndpoints.maintenance).length;

const UNDERWAY = 'Aerie is undergoing routine maintenance. Please check back soon.';
const AVAILABLE_AGAIN = 'The portal is available again.';

describe('maintenance page', () => {
  it('keeps saying maintenance after a failed check, and re-checks every 30 s until healthy', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(unhealthy());
    renderWithProviders(<MaintenancePage />);
    expect(await screen.findByText(UNDERWAY)).toBeDefined();
    expect(screen.queryByText(AVAILABLE_AGAIN)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to Home' })).toBeNull();
    expect(checks()).toBe(1);

    // Still down at the next check: still maintenance.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(checks()).toBe(2));
    expect(screen.getByText(UNDERWAY)).toBeDefined();

    server.use(healthy());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText(AVAILABLE_AGAIN)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(checks()).toBe(3);
  });

  it('checks again at once on Try again', async () => {
    server.use(unhealthy());
    renderWithProviders(<MaintenancePage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    server.use(healthy());
    fireEvent.click(retry);
    expect(await screen.findByText(AVAILABLE_AGAIN)).toBeDefined();
    expect(checks()).toBe(2);
  });

  it('links to /home without claiming a recovery when the first check passes', async () => {
    server.use(healthy());
    renderWithProviders(<MaintenancePage />);
    expect(await screen.findByText('Aerie is available.')).toBeDefined();
    expect(screen.queryByText(AVAILABLE_AGAIN)).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home'),
    );
  });
});
