// @vitest-environment jsdom
import { deviceOperationsEndpoints } from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import type * as Router from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../../../test/device.fixture';
import { DeviceJson } from './device-json';

afterEach(cleanup);

const navigate = vi.fn();
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof Router>()),
  useNavigate: () => navigate,
}));

const device = buildDevice();
const server = setupApiServer();

/** Answers the deletion with `response`, renders the Super User's JSON tab and opens the confirmation. */
async function openDeleteConfirmation(response: () => Response) {
  server.use(apiHandler(deviceOperationsEndpoints.remove, response));
  navigate.mockClear();
  renderWithProviders(
    <>
      <Notifications />
      <DeviceJson device={device} role="superUser" />
    </>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Device' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Device' });
  return { dialog };
}

describe('DeviceJson', () => {
  it('pretty-prints every field of the device', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    const json = screen.getByTestId('device-json');
    expect(json.textContent).toContain('"name": "Northern Star"');
    expect(json.textContent).toContain('"satelliteSignal": 4.5');
    expect(json.textContent).toContain('"private": false');
    expect(json.textContent).toContain('"satelliteNetworkConfiguration": null');
  });

  it('folds and unfolds an object with its toggle button', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    const toggle = screen.getByRole('button', { name: 'Collapse software' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    const folded = screen.getByRole('button', { name: 'Expand software' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('device-json').textContent).not.toContain('"currentVersion"');
    expect(screen.getByTestId('device-json').textContent).toContain('5 keys');
    fireEvent.click(folded);
    expect(screen.getByTestId('device-json').textContent).toContain('"currentVersion": "4.2.1"');
  });

  it('collapses and expands everything', () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    const text = screen.getByTestId('device-json').textContent;
    expect(text).toContain('"name": "Northern Star"');
    expect(text).not.toContain('"serial": "ANT0001"');
    expect(screen.getByRole('button', { name: 'Expand components' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByTestId('device-json').textContent).toContain('"serial": "ANT0001"');
  });

  it('shows the Danger Zone to Super User only', async () => {
    renderWithProviders(<DeviceJson device={device} role="superUser" />);
    expect(await screen.findByRole('region', { name: 'Danger Zone' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete Device' })).toBeDefined();
    cleanup();
    renderWithProviders(<DeviceJson device={device} role="providerAdmin" />);
    await screen.findByTestId('device-json');
    expect(screen.queryByRole('region', { name: 'Danger Zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Device' })).toBeNull();
  });

  it('deletes the device after confirmation, then goes to /devices', async () => {
    const { dialog } = await openDeleteConfirmation(() => new HttpResponse(null, { status: 204 }));
    expect(dialog.textContent).toContain('Northern Star');
    expect(server.requests()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Device' }));
    expect(await screen.findByText('Device "Northern Star" deleted.')).toBeDefined();
    const [request] = server.requests();
    expect(request?.path).toBe(`/v2/devices/${device.id}`);
    expect(request?.method).toBe('DELETE');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/devices' }));
  });

  it('keeps the device and tells why when the deletion fails', async () => {
    const { dialog } = await openDeleteConfirmation(() => apiError(403, 'No.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Device' }));
    expect(await screen.findByText('The device could not be deleted: No.')).toBeDefined();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Delete Device' })).toBeDefined();
  });
});
