// @vitest-environment jsdom
import { DEVICE_NAME_MAX_LENGTH, devicesEndpoints } from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { deviceQueryKey } from '../../api/get-device';
import { buildDevice } from '../../../../test/device.fixture';
import { DeviceSummaryCard } from './device-summary-card';

afterEach(cleanup);

const server = setupApiServer(
  apiHandler(devicesEndpoints.rename, async ({ request }) => {
    const { name } = (await request.json()) as { name: string };
    return HttpResponse.json(buildDevice({ name }));
  }),
);

const device = buildDevice();

function openEditor(canRename = true) {
  const view = renderWithProviders(
    <>
      <Notifications />
      <DeviceSummaryCard device={device} canRename={canRename} />
    </>,
  );
  if (canRename) fireEvent.click(screen.getByRole('button', { name: 'Edit name' }));
  return view;
}

describe('editing the device name', () => {
  it('sends the trimmed name with PUT, updates the cache and shows the success toast', async () => {
    const { queryClient } = openEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device Name' });
    const input = await within(dialog).findByRole('textbox', { name: /Device name/ });
    expect((input as HTMLInputElement).value).toBe('Northern Star');
    fireEvent.change(input, { target: { value: '  Southern Cross ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Device name updated successfully!')).toBeDefined();
    const [request] = server.requests();
    expect(request?.path).toBe(`/v2/devices/${device.id}`);
    expect(request?.method).toBe('PUT');
    expect(request?.body).toEqual({ name: 'Southern Cross' });
    expect(queryClient.getQueryData<{ name: string }>(deviceQueryKey(device.id))?.name).toBe(
      'Southern Cross',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['   ', 'The device name is required.'],
    ['x'.repeat(101), 'The device name must be at most 100 characters.'],
  ])('refuses %j with a message and sends nothing', async (name, message) => {
    openEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device Name' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Device name/ }), {
      target: { value: name },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeDefined();
    expect(server.requests()).toHaveLength(0);
  });

  it('lets the input hold exactly the longest name validation allows', async () => {
    openEditor();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Device Name' });
    const input = await within(dialog).findByRole<HTMLInputElement>('textbox', {
      name: /Device name/,
    });
    expect(input.maxLength).toBe(DEVICE_NAME_MAX_LENGTH);
    const longest = 'x'.repeat(DEVICE_NAME_MAX_LENGTH);
    fireEvent.change(input, { target: { value: longest } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device name updated successfully!')).toBeDefined();
    expect(server.requests()[0]?.body).toEqual({ name: longest });
  });

  it('offers no edit button to roles that may not rename', () => {
    openEditor(false);
    expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull();
    expect(screen.getByTestId('device-name').textContent).toBe('Northern Star');
  });
});
