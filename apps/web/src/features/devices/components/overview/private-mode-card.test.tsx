// @vitest-environment jsdom
import { deviceOperationsEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../../../test/device.fixture';
import { PrivateModeCard } from './private-mode-card';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const user = { firstName: 'Ada', lastName: 'Lovelace' };
const device = buildDevice({ private: false });
let status = 200;
beforeEach(() => {
  status = 200;
});
const server = setupApiServer(
  apiHandler(deviceOperationsEndpoints.command, ({ params }) =>
    HttpResponse.json({ command: params['cmd'], deviceId: device.id, job: null }, { status }),
  ),
);

function open(d = device) {
  renderWithProviders(
    <>
      <Notifications />
      <PrivateModeCard device={d} user={user} />
    </>,
  );
  fireEvent.click(screen.getByRole('switch', { name: 'Private Mode' }));
}

describe('PrivateModeCard', () => {
  it('turns private mode on only after the exact first and last name is typed', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Turn On Private Mode' });
    const input = within(dialog).getByRole('textbox', { name: 'Your first and last name' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    for (const wrong of ['ada lovelace', 'Ada  Lovelace', 'Ada Lovelace ', 'Lovelace Ada']) {
      fireEvent.change(input, { target: { value: wrong } });
      expect(confirm.hasAttribute('disabled'), wrong).toBe(true);
    }
    expect(
      within(dialog).getByText('The text must equal your first and last name exactly.'),
    ).toBeDefined();
    fireEvent.change(input, { target: { value: 'Ada Lovelace' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Private mode turned on.')).toBeDefined();
    const [request] = server.requests();
    expect(request?.path).toBe(`/v2/devices/${device.id}/command/privateModeOn`);
    expect(request?.body).toEqual({ confirmation: 'Ada Lovelace' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('turns it off with privateModeOff and names the command when that fails', async () => {
    status = 400;
    open(buildDevice({ private: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn Off Private Mode' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(`Error executing command privateModeOff on device ${device.id}`),
    ).toBeDefined();
    expect(server.requests()[0]?.path).toMatch(/\/command\/privateModeOff$/);
  });

  it('opens the confirmation 960 wide', async () => {
    open();
    await screen.findByRole('dialog');
    // Mantine writes 960 px as rem (16 px each): spec 001 §9.
    expect(document.body.innerHTML).toContain('--modal-size: calc(60rem * var(--mantine-scale))');
  });

  it('cannot be changed without a GeoModem serial, and says why', () => {
    renderWithProviders(
      <PrivateModeCard
        device={buildDevice({
          components: [{ type: 'Antenna', model: null, assetId: null, serial: 'A1' }],
        })}
        user={user}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Private Mode' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(
        'Private mode can be changed only when the device has a GeoModem with a serial.',
      ),
    ).toBeDefined();
  });
});
