// @vitest-environment jsdom
import { deviceConfigEndpoints, referenceEndpoints } from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestHandler } from 'msw';
import {
  apiAnswer,
  apiError,
  apiHandler,
  notFoundHandler,
  setupApiServer,
} from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../../../test/device.fixture';
import { ComponentsCard } from './components-card';

afterEach(cleanup);

/** The product presets the GeoModem model; the BUC model is chosen per device. */
const device = buildDevice({
  product: { geoModemModel: 'GM-X7', leoModemModel: null, bucModel: null },
  components: [
    { type: 'GeoModem', model: 'GM-X7', assetId: null, serial: 'GM00042' },
    { type: 'BUC', model: 'BUC-8W', assetId: null, serial: 'BUC0001' },
  ],
});
const SAVE = deviceConfigEndpoints.componentModels;
const models = [
  {
    shortcode: 'GM-X7',
    name: 'X7',
    deviceTypeId: 2,
    componentType: 'GeoModem',
    baseModemType: 'X7',
  },
  { shortcode: 'BUC-8W', name: '8 W', deviceTypeId: 4, componentType: 'BUC', baseModemType: null },
  {
    shortcode: 'BUC-20W',
    name: '20 W',
    deviceTypeId: 4,
    componentType: 'BUC',
    baseModemType: null,
  },
];

const server = setupApiServer(apiAnswer(referenceEndpoints.deviceModels, models), notFoundHandler);

function render(handlers: RequestHandler[] = [], canConfigure = true) {
  server.use(...handlers);
  renderWithProviders(
    <>
      <Notifications />
      <ComponentsCard device={device} canConfigure={canConfigure} />
    </>,
  );
}
const select = (type: string, serial: string) =>
  screen.getByRole<HTMLInputElement>('combobox', { name: `Model of ${type} ${serial}` });

async function chooseBuc(model: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Configure' }));
  await waitFor(() => expect(select('BUC', 'BUC0001').value).toBe('BUC-8W'));
  fireEvent.click(select('BUC', 'BUC0001'));
  fireEvent.click(await screen.findByRole('option', { name: model }));
}

describe('components editing', () => {
  it('shows the empty text without components', () => {
    renderWithProviders(<ComponentsCard device={buildDevice({ components: [] })} canConfigure />);
    expect(screen.getByText('This Device is not associated with any Components.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Configure' })).toBeNull();
  });

  it('offers no Configure to roles without devices.hardware', () => {
    render([], false);
    expect(screen.queryByRole('button', { name: 'Configure' })).toBeNull();
  });

  it('disables a model the product presets', async () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Configure' }));
    await waitFor(() => expect(select('GeoModem', 'GM00042').disabled).toBe(true));
    expect(select('BUC', 'BUC0001').disabled).toBe(false);
  });

  it('sends only the changed models and leaves editing', async () => {
    render([apiAnswer(SAVE, device.components)]);
    await chooseBuc('BUC-20W');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(server.sentTo(SAVE)).toEqual([[{ type: 'BUC', serial: 'BUC0001', model: 'BUC-20W' }]]);
  });

  it('restores the original models on Cancel', async () => {
    render();
    await chooseBuc('BUC-20W');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('BUC-8W')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Configure' }));
    await waitFor(() => expect(select('BUC', 'BUC0001').value).toBe('BUC-8W'));
    expect(server.sentTo(SAVE)).toHaveLength(0);
  });

  it("toasts the server's refusal", async () => {
    render([apiHandler(SAVE, () => apiError(400, 'The model BUC-20W does not exist.'))]);
    await chooseBuc('BUC-20W');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Unable to save. Error: The model BUC-20W does not exist.'),
    ).toBeDefined();
  });
});
