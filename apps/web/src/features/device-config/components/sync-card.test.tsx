// @vitest-environment jsdom
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brandHubState,
  type Device,
  deviceOperationsEndpoints,
  devicesEndpoints,
  hubEndpoints,
  type HubState,
  type RoleKey,
} from '@aerie/contract';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { buildDevice } from '../../../test/device.fixture';
import { HubStateCard } from './hub-state-card';
import { SyncCard } from './sync-card';

afterEach(cleanup);

const hubState: HubState = {
  beams: [
    {
      networkId: 'NET-101',
      networkName: 'EVO_AORW',
      displayName: 'Atlantic Ocean Region West',
      isRequired: true,
      isActuallyOn: true,
      nmsType: 'EVOLUTION',
      nmsId: 'NMS-EVO-1',
      provisionedOn: '2026-11-01T10:00:00.000Z',
      activatedOn: '2026-11-01T10:05:00.000Z',
    },
    {
      networkId: 'NET-102',
      networkName: 'EVO_AORE',
      displayName: 'Atlantic Ocean Region East',
      isRequired: true,
      isActuallyOn: false,
      nmsType: 'EVOLUTION',
      nmsId: 'NMS-EVO-1',
      provisionedOn: null,
      activatedOn: null,
    },
  ],
  hybrid: { provisioned: true, activated: false },
  cellular: { activated: true },
};

const server = setupApiServer();

/** The API as the card sees it: the device, its hub state (or a 502) and the command call. */
function mockApi(
  device: Device,
  options: { hubFails?: boolean; commandStatus?: number; hub?: HubState } = {},
) {
  server.use(
    apiAnswer(devicesEndpoints.get, device),
    apiHandler(hubEndpoints.state, () =>
      options.hubFails
        ? apiError(502, 'Could not retrieve current NMS hub state.')
        : HttpResponse.json(brandHubState('Aerie', options.hub ?? hubState)),
    ),
    apiHandler(deviceOperationsEndpoints.command, ({ params }) =>
      options.commandStatus && options.commandStatus >= 400
        ? apiError(409, 'The device is not activated.')
        : HttpResponse.json({ command: params['cmd'], deviceId: device.id, job: null }),
    ),
  );
}

function renderCard(device: Device, role: RoleKey = 'productSupport') {
  return renderWithProviders(
    <>
      <Notifications />
      <SyncCard device={device} role={role} />
    </>,
  );
}

// A switch's name includes the reason it is disabled (its description).
const sw = (name: string) =>
  screen.getByRole<HTMLInputElement>('switch', { name: new RegExp(`^${name}`) });

/** A device with nothing blocking a sync (a Dialog subscription needs no network config). */
function syncable(overrides: Partial<Device> = {}): Device {
  const base = buildDevice();
  return buildDevice({
    activeSubscription: {
      ...base.activeSubscription!,
      networkIdentifiers: ['Dialog'],
      requiresNetworkConfiguration: false,
    },
    components: [...base.components, { type: 'BUC', model: 'BUC-8W', assetId: null, serial: 'B1' }],
    ...overrides,
  });
}

/** The hub holding every required beam, provisioned and activated, and the cell traffic. */
const hubInSync: HubState = {
  ...hubState,
  beams: hubState.beams.map((b) => ({
    ...b,
    isActuallyOn: true,
    provisionedOn: '2026-11-01T10:00:00.000Z',
    activatedOn: '2026-11-01T10:05:00.000Z',
  })),
  cellular: { activated: true },
};

describe('sync card', () => {
  it("says 'in sync' when the hub holds what the device requires (nothing pending)", async () => {
    const device = syncable({ provisioned: true, activated: true, enableCellTraffic: true });
    mockApi(device, { hub: hubInSync });
    renderCard(device);
    expect(
      await screen.findByText('Device is in sync with the hub: nothing is pending.'),
    ).toBeDefined();
    expect(screen.queryByText('Device is ready to be synchronized.')).toBeNull();
    // A change on the hub's side (a beam no longer on it) is pending again.
    cleanup();
    mockApi(device, {
      hub: { ...hubInSync, beams: [{ ...hubInSync.beams[0]!, isActuallyOn: false }] },
    });
    renderCard(device);
    expect(await screen.findByText('Device is ready to be synchronized.')).toBeDefined();
  });

  it('shows the switches as the hub confirmed them and says the device is ready', async () => {
    const device = syncable({ provisioned: true, activated: true, enableCellTraffic: false });
    mockApi(device);
    renderCard(device);
    expect(await screen.findByText('Device is ready to be synchronized.')).toBeDefined();
    expect(sw('Provisioned').checked).toBe(true);
    expect(sw('Provisioned').disabled).toBe(true);
    expect(screen.getByText('Unable to deprovision Device.')).toBeDefined();
    expect(sw('Activated').checked).toBe(true);
    expect(sw('Activated').disabled).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Synchronize' }).disabled).toBe(
        false,
      ),
    );
  });

  it('lists every pre-sync error and keeps Synchronize disabled', async () => {
    const device = buildDevice({ activeSubscription: null, components: [], product: null });
    mockApi(device);
    renderCard(device);
    const message = await screen.findByTestId('sync-message');
    for (const blocker of [
      'The device has no active subscription.',
      'The device has no antenna model.',
      'The device has no modem serial.',
      'The device has no modem model.',
      'The device has no BUC model.',
    ])
      expect(within(message).getByText(blocker)).toBeDefined();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Synchronize' }).disabled).toBe(
      true,
    );
  });

  it('disables everything while a sync is in progress, with the spec’s tooltip', async () => {
    const device = syncable({ syncInProgress: true, provisioned: true });
    mockApi(device);
    renderCard(device);
    expect(await screen.findByText('Device sync is currently in progress.')).toBeDefined();
    expect(sw('Activated').disabled).toBe(true);
    expect(sw('Allow Cell Traffic').disabled).toBe(true);
    expect(screen.getAllByText('Sync in progress with NMS.').length).toBeGreaterThan(0);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Synchronize' }).disabled).toBe(
      true,
    );
  });

  it('says the hub state could not be read and keeps Synchronize disabled', async () => {
    const device = syncable();
    mockApi(device, { hubFails: true });
    renderCard(device);
    expect(await screen.findByText('Could not retrieve current NMS hub state.')).toBeDefined();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Synchronize' }).disabled).toBe(
      true,
    );
  });

  it('offers no sync controls to a role without devices.sync', async () => {
    const device = buildDevice();
    mockApi(device);
    renderCard(device, 'credentialed');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Synchronize' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.getByText('Provisioned')).toBeDefined();
  });

  it('asks before synchronizing, then sends syncToHub', async () => {
    const device = syncable();
    mockApi(device);
    renderCard(device, 'accountAdmin');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Synchronize' });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Synchronize with the hub' });
    expect(within(dialog).getByText(/Synchronize Northern Star with the hub\?/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Synchronize' }));
    const toSync = () => server.requests().find((r) => r.path.endsWith('/command/syncToHub'));
    await waitFor(() => expect(toSync()).toBeDefined());
    expect(toSync()?.method).toBe('POST');
  });

  it('asks before provisioning, naming the consequence; Cancel is focused and Escape cancels', async () => {
    const device = syncable({ provisioned: false, activated: false });
    mockApi(device);
    renderCard(device);
    const provisionRequest = () =>
      server.requests().find((r) => r.path.endsWith('/command/provision'));

    fireEvent.click(sw('Provisioned'));
    let dialog = await screen.findByRole('dialog', { name: 'Provision on the hub' });
    expect(
      within(dialog).getByText(/cannot be deprovisioned from the portal/, { exact: false }),
    ).toBeDefined();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(provisionRequest()).toBeUndefined();

    fireEvent.click(sw('Provisioned'));
    dialog = await screen.findByRole('dialog', { name: 'Provision on the hub' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Provision' }));
    await waitFor(() => expect(provisionRequest()?.method).toBe('POST'));
  });

  it('shows the spec’s toasts when a command or a sync fails', async () => {
    const device = syncable({ provisioned: true, activated: true });
    mockApi(device, { commandStatus: 409 });
    renderCard(device);
    await screen.findByText('Device is ready to be synchronized.');
    fireEvent.click(sw('Activated'));
    expect(
      await screen.findByText(`Error executing command deactivate on device ${device.id}`),
    ).toBeDefined();
    expect(screen.getByText('The device is not activated.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Synchronize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Synchronize with the hub' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Synchronize' }));
    expect(await screen.findByText('Error queueing a sync to hub.')).toBeDefined();
  });
});

describe('Device Hub State card', () => {
  it('shows required against actual beams, dates, sync state, hybrid and cellular', async () => {
    const device = buildDevice({
      components: [
        { type: 'Antenna', model: 'ANT-U8', assetId: null, serial: 'A1' },
        { type: 'GeoModem', model: 'GM-X7', assetId: null, serial: 'GM1' },
        { type: 'HybridRouter', model: 'HR-1', assetId: null, serial: 'R1' },
      ],
    });
    mockApi(device);
    renderWithProviders(<HubStateCard device={device} />);
    const rows = await screen.findAllByTestId('hub-beam');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Atlantic Ocean Region West')).toBeDefined();
    expect(within(rows[1]!).getAllByText('N/A').length).toBe(2);
    expect(screen.getAllByText('Out of sync')).toHaveLength(2);
    expect(device.activeSubscription?.hasCellular).toBe(true);
    expect(screen.getByText('Provisioned, not activated')).toBeDefined();
    expect(screen.getByText('Activated')).toBeDefined();
  });

  it('says so when the hub cannot be read', async () => {
    const device = buildDevice();
    mockApi(device, { hubFails: true });
    renderWithProviders(<HubStateCard device={device} />);
    expect(await screen.findByText('Could not retrieve current NMS hub state.')).toBeDefined();
  });
});
