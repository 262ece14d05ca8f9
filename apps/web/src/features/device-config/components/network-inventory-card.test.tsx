// @vitest-environment jsdom
import {
  type Device,
  deviceConfigEndpoints,
  type HubBeam,
  hubEndpoints,
  referenceEndpoints,
} from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { NetworkInventoryCard } from './network-inventory-card';

afterEach(cleanup);

const device = buildDevice();
const MAPPING = deviceConfigEndpoints.networkMapping;
const SAVE = deviceConfigEndpoints.saveNetworkMapping;
const HUB = hubEndpoints.state;
const TEMPLATE = deviceConfigEndpoints.networkTemplate;
const VISIBLE = referenceEndpoints.networkInventoryVisible;

const beam = (networkId: string, displayName: string, isRequired: boolean) => ({
  networkId,
  networkName: `EVO_${networkId}`,
  displayName,
  nmsType: 'EVOLUTION',
  nmsId: 'NMS-EVO-1',
  isRequired,
});
const mapping = {
  remoteId: device.id,
  nmsId: 'NMS-EVO-1',
  nmsType: 'EVOLUTION',
  networks: [
    beam('NET-101', 'Atlantic West', true),
    beam('NET-102', 'Atlantic East', false),
    beam('NET-103', 'North America', false),
  ],
};
const onHub = (networkId: string, activated: boolean): HubBeam => ({
  ...beam(networkId, networkId, true),
  isActuallyOn: true,
  provisionedOn: '2026-11-01T10:00:00.000Z',
  activatedOn: activated ? '2026-11-01T10:05:00.000Z' : null,
});
// NOTE: untyped by the contract, whose hub state has the brand in a key (`aerieBeams`).
const hubState = (beams: HubBeam[]) =>
  apiHandler(HUB, () =>
    HttpResponse.json({
      aerieBeams: beams,
      hybrid: { provisioned: true, activated: false },
      cellular: { activated: true },
    }),
  );

const server = setupApiServer(
  apiAnswer(VISIBLE, { visible: true }),
  apiAnswer(MAPPING, mapping),
  hubState([onHub('NET-101', true)]),
  apiAnswer(referenceEndpoints.baseModemType, { modemType: 'GM-X7', baseModemType: 'X7' }),
  notFoundHandler,
);

function render(
  handlers: RequestHandler[],
  d: Device = device,
  canEdit = true,
  canWriteTemplates = false,
) {
  server.use(...handlers);
  renderWithProviders(
    <>
      <Notifications />
      <NetworkInventoryCard device={d} canEdit={canEdit} canWriteTemplates={canWriteTemplates} />
    </>,
  );
}
const checkbox = (name: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: `Require ${name}` });

describe('Network Inventory', () => {
  it('is hidden when the installation turns the inventory off', async () => {
    render([apiAnswer(VISIBLE, { visible: false })]);
    await waitFor(() => expect(server.requests()).not.toHaveLength(0));
    expect(screen.queryByText('Network Inventory')).toBeNull();
    expect(server.sentTo(MAPPING)).toHaveLength(0);
  });

  it('asks for an active subscription, then for the hardware it needs', async () => {
    render([], buildDevice({ activeSubscription: null }));
    expect(
      await screen.findByText(
        'Device must have an active subscription to retrieve network beam state.',
      ),
    ).toBeDefined();
    cleanup();
    render([], buildDevice({ components: [], product: null }));
    expect(
      await screen.findByText(
        'Network inventory requires: Modem Model, Modem Serial, Antenna Model.',
      ),
    ).toBeDefined();
  });

  it('shows the empty text when the hub has no beams for the device', async () => {
    render([apiAnswer(MAPPING, { ...mapping, networks: [] })]);
    expect(await screen.findByText('No network inventory found.')).toBeDefined();
  });

  it('computes provisioned and activated in sync against the hub state', async () => {
    render([]);
    const status = await screen.findByRole('table', { name: 'Network state' });
    await waitFor(() => expect(within(status).getAllByText('In sync')).toHaveLength(2));
    cleanup();
    render([hubState([onHub('NET-101', false), onHub('NET-103', false)])]);
    const drifted = await screen.findByRole('table', { name: 'Network state' });
    await waitFor(() => expect(within(drifted).getAllByText('Out of sync')).toHaveLength(2));
  });

  it('lists a beam the hub holds outside the device hub, which keeps it out of sync', async () => {
    render([hubState([onHub('NET-101', true), onHub('NET-201', true)])]);
    expect(await screen.findByTestId('beam-NET-201')).toBeDefined();
    const status = screen.getByRole('table', { name: 'Network state' });
    expect(within(status).getAllByText('Out of sync')).toHaveLength(2);
  });

  it('shows Hybrid and Cell rows only with cellular on the subscription and the hardware', async () => {
    const hybrid = buildDevice({
      components: [
        ...device.components,
        { type: 'HybridImei', model: null, assetId: null, serial: '351234567890123' },
      ],
    });
    render([], hybrid);
    const status = await screen.findByRole('table', { name: 'Network state' });
    expect(within(status).getByRole('rowheader', { name: 'Hybrid' })).toBeDefined();
    expect(within(status).getByRole('rowheader', { name: 'Cell' })).toBeDefined();
    cleanup();
    render([], {
      ...hybrid,
      activeSubscription: { ...hybrid.activeSubscription!, hasCellular: false },
    });
    const satelliteOnly = await screen.findByRole('table', { name: 'Network state' });
    expect(within(satelliteOnly).queryByRole('rowheader', { name: 'Hybrid' })).toBeNull();
    cleanup();
    render([]);
    const noHardware = await screen.findByRole('table', { name: 'Network state' });
    expect(within(noHardware).queryByRole('rowheader', { name: 'Cell' })).toBeNull();
  });

  it('preselects the required beams and never lets the last one be unchecked', async () => {
    render([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Beams' }));
    expect(checkbox('Atlantic West').checked).toBe(true);
    expect(checkbox('Atlantic West').disabled).toBe(true);
    expect(checkbox('Atlantic East').checked).toBe(false);
    fireEvent.click(checkbox('Atlantic East'));
    expect(checkbox('Atlantic West').disabled).toBe(false);
    fireEvent.click(checkbox('Atlantic West'));
    expect(checkbox('Atlantic West').checked).toBe(false);
    expect(checkbox('Atlantic East').disabled).toBe(true);
  });

  it('saves the selected beams and says so', async () => {
    render([
      apiAnswer(SAVE, {
        ...mapping,
        networks: mapping.networks.map((n) => ({ ...n, isRequired: true })),
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Beams' }));
    fireEvent.click(checkbox('Atlantic East'));
    fireEvent.click(checkbox('North America'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Networks saved successfully.')).toBeDefined();
    expect(server.sentTo(SAVE)).toEqual([
      { nmsId: 'NMS-EVO-1', remoteId: device.id, networkIds: ['NET-101', 'NET-102', 'NET-103'] },
    ]);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('toasts a failed save and keeps editing', async () => {
    render([apiHandler(SAVE, () => apiError(400, 'The beam NET-102 does not exist.'))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Beams' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save networks.')).toBeDefined();
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('offers no beam editing or templates without devices.hardware', async () => {
    render([], device, false);
    await screen.findByRole('table', { name: 'Beams' });
    expect(screen.queryByRole('button', { name: 'Edit Beams' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Load Template/ })).toBeNull();
  });
});

describe('Network template modal', () => {
  const openTemplate = async () =>
    fireEvent.click(await screen.findByRole('button', { name: 'Load Template for Atlantic East' }));

  it('loads the template of the beam, antenna type and base modem type', async () => {
    render([
      apiHandler(TEMPLATE, async ({ request }) =>
        HttpResponse.json({
          ...((await request.json()) as object),
          template: { txEnabled: true },
          updatedAt: '2026-11-01T00:00:00.000Z',
        }),
      ),
    ]);
    await openTemplate();
    const dialog = await screen.findByRole('dialog', { name: 'Network Template: Atlantic East' });
    await waitFor(() =>
      expect(within(dialog).getByTestId<HTMLTextAreaElement>('template-box').value).toContain(
        '"txEnabled": true',
      ),
    );
    expect(server.sentTo(TEMPLATE)).toEqual([
      {
        nmsType: 'EVOLUTION',
        antennaType: 'u8',
        modemType: 'X7',
        beamDisplayName: 'Atlantic East',
      },
    ]);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'offers Edit Template only to roles that write templates (network.templates: %s)',
    async (canWrite, buttons) => {
      render(
        [
          apiHandler(TEMPLATE, async ({ request }) =>
            HttpResponse.json({
              ...((await request.json()) as object),
              template: { txEnabled: true },
              updatedAt: '2026-11-01T00:00:00.000Z',
            }),
          ),
        ],
        device,
        true,
        canWrite,
      );
      await openTemplate();
      const dialog = await screen.findByRole('dialog', { name: 'Network Template: Atlantic East' });
      await waitFor(() =>
        expect(within(dialog).getByTestId<HTMLTextAreaElement>('template-box').value).toContain(
          '"txEnabled": true',
        ),
      );
      expect(within(dialog).queryAllByRole('button', { name: 'Edit Template' })).toHaveLength(
        buttons,
      );
    },
  );

  it('shows a missing template in the box without a toast', async () => {
    render([apiHandler(TEMPLATE, () => apiError(404, 'The specified template does not exist.'))]);
    await openTemplate();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId<HTMLTextAreaElement>('template-box').value).toBe(
        'The specified template does not exist.',
      ),
    );
    expect(screen.queryByText('Error encountered while attempting to load Template.')).toBeNull();
  });

  it('toasts any other failure', async () => {
    render([apiHandler(TEMPLATE, () => apiError(400, 'The antenna type must be u8 or u7.'))]);
    await openTemplate();
    expect(
      await screen.findAllByText('Error encountered while attempting to load Template.'),
    ).not.toHaveLength(0);
  });
});
