// @vitest-environment jsdom
import { deviceConfigEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse, type RequestHandler } from 'msw';
import {
  apiAnswer,
  apiError,
  apiHandler,
  notFoundHandler,
  setupApiServer,
} from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { buildDevice } from '../../../test/device.fixture';
import { NetworkConfigurationCard } from './network-configuration-card';

// Toasts live in a global store: each test starts without the last one's.
afterEach(() => {
  cleanup();
  notifications.clean();
});

const config = {
  eth0IpAddress: '10.1.2.1',
  eth0SubnetMask: '255.255.255.0',
  sat0IpAddress: '172.16.0.1',
  sat0SubnetMask: '255.255.255.252',
  mgmtIpAddress: '192.168.0.10',
  mgmtSubnetMask: '255.255.255.0',
  dhcpGateway: '10.1.2.1',
  dhcpClientIpRangeStart: '10.1.2.2',
  dhcpClientIpRangeEnd: '10.1.2.254',
};
const device = buildDevice({ satelliteNetworkConfiguration: config });
const SAVE = deviceConfigEndpoints.networkConfig;
const DHCP = deviceConfigEndpoints.dhcp;
const server = setupApiServer(notFoundHandler);

function open(handlers: RequestHandler[] = [], canEdit = true, d = device) {
  server.use(...handlers);
  renderWithProviders(
    <>
      <Notifications />
      <NetworkConfigurationCard device={d} canEdit={canEdit} />
    </>,
  );
  if (canEdit) fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
}
const field = (label: string) => screen.getByRole('textbox', { name: label });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('Satellite Network Configuration', () => {
  it('shows the empty text and no Edit to roles without devices.hardware', () => {
    open([], false, buildDevice());
    expect(
      screen.getByText('No network configuration could be found for this Device.'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('collapses and expands', () => {
    open([], false);
    const toggle = screen.getByRole('button', { name: 'Collapse Satellite Network Configuration' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(
      screen
        .getByRole('button', { name: 'Expand Satellite Network Configuration' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('copies the current configuration into the form and Cancel restores the view', () => {
    open();
    expect((field('ETH0 IP') as HTMLInputElement).value).toBe('10.1.2.1');
    expect((field('DHCP Range End') as HTMLInputElement).value).toBe('10.1.2.254');
    type('ETH0 IP', '10.9.9.9');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'ETH0 IP' })).toBeNull();
    expect(screen.getAllByText('10.1.2.1', { selector: 'dd' })).toHaveLength(2);
  });

  it('marks an invalid address once the field is left', () => {
    open();
    type('SAT0 IP', '172.16.0');
    expect(screen.queryByText('Please enter a valid IP address.')).toBeNull();
    fireEvent.blur(field('SAT0 IP'));
    expect(screen.getByText('Please enter a valid IP address.')).toBeDefined();
  });

  it('refuses a wrong gateway before sending anything', async () => {
    open([apiAnswer(SAVE, config)]);
    type('DHCP Gateway', '10.1.2.254');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'DHCP Gateway value should be 10.1.2.1.',
    );
    expect(server.sentTo(SAVE)).toHaveLength(0);
  });

  it('names the first invalid field at save time with the spec wording', async () => {
    open();
    type('DHCP Range Start', '10.1.2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid IP Address for "DCHP Range Start".',
    );
  });

  it('saves the fields and closes the form', async () => {
    open([apiHandler(SAVE, async ({ request }) => HttpResponse.json(await request.json()))]);
    type('MGMT IP', '192.168.0.20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'ETH0 IP' })).toBeNull());
    expect(server.sentTo(SAVE)).toEqual([{ ...config, mgmtIpAddress: '192.168.0.20' }]);
  });

  it("toasts the server's refusal of a save", async () => {
    open([apiHandler(SAVE, () => apiError(400, 'Nope.'))]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save, Error : Nope.')).toBeDefined();
  });

  it('marks the field of a refused rule and drops the stale alert once a field changes', async () => {
    open([apiAnswer(SAVE, config)]);
    type('DHCP Gateway', '10.1.2.254');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'DHCP Gateway value should be 10.1.2.1.',
    );
    expect(field('DHCP Gateway').getAttribute('aria-invalid')).toBe('true');
    type('DHCP Gateway', '10.1.2.1');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(field('DHCP Gateway').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows the message of a 400 that names a field on that field', async () => {
    open([
      apiHandler(SAVE, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Not this one.',
            field: 'mgmtIpAddress',
          },
          { status: 400 },
        ),
      ),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not this one.')).toBeDefined();
    expect(field('MGMT IP').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Unable to save, Error : Not this one.')).toBeDefined();
  });

  it('shows a repeated toast once instead of stacking copies', async () => {
    open();
    type('ETH0 Subnet Mask', '');
    const calculate = screen.getByRole('button', { name: 'Auto-calculate DHCP' });
    fireEvent.click(calculate);
    fireEvent.click(calculate);
    fireEvent.click(calculate);
    const text = 'Please enter IP Addresses for "ETH0 IP" and "ETH0 SubnetMask".';
    await screen.findByText(text);
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(1));
  });

  it('asks for both ETH0 fields, then for valid values, before calculating DHCP', async () => {
    open();
    type('ETH0 Subnet Mask', '');
    fireEvent.click(screen.getByRole('button', { name: 'Auto-calculate DHCP' }));
    expect(
      await screen.findByText('Please enter IP Addresses for "ETH0 IP" and "ETH0 SubnetMask".'),
    ).toBeDefined();
    type('ETH0 Subnet Mask', '255.255.300.0');
    fireEvent.click(screen.getByRole('button', { name: 'Auto-calculate DHCP' }));
    expect(await screen.findByText('Please enter valid values.')).toBeDefined();
    expect(server.sentTo(DHCP)).toHaveLength(0);
  });

  it('fills the DHCP fields from the server calculation', async () => {
    open([
      apiAnswer(DHCP, {
        dhcpGateway: '10.7.0.1',
        dhcpClientIPRangeStart: '10.7.0.2',
        dhcpClientIPRangeEnd: '10.7.0.254',
      }),
    ]);
    type('ETH0 IP', '10.7.0.1');
    fireEvent.click(screen.getByRole('button', { name: 'Auto-calculate DHCP' }));
    await waitFor(() => expect((field('DHCP Gateway') as HTMLInputElement).value).toBe('10.7.0.1'));
    expect((field('DHCP Range Start') as HTMLInputElement).value).toBe('10.7.0.2');
    expect((field('DHCP Range End') as HTMLInputElement).value).toBe('10.7.0.254');
    expect(server.sentTo(DHCP)).toEqual([
      { id: device.id, eth0IPAddress: '10.7.0.1', eth0SubnetMask: '255.255.255.0' },
    ]);
  });

  it('toasts a refused calculation with the spelling of the spec', async () => {
    open([apiHandler(DHCP, () => apiError(400, 'The ETH0 subnet has no room for DHCP clients.'))]);
    fireEvent.click(screen.getByRole('button', { name: 'Auto-calculate DHCP' }));
    expect(
      await screen.findByText(
        'Unable to calulate DHCP Fields. Error: The ETH0 subnet has no room for DHCP clients.',
      ),
    ).toBeDefined();
  });
});
