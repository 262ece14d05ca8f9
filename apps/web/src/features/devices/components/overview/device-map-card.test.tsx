// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../../../test/device.fixture';
import type { DeviceMapProps } from '../map/device-map';
import { DeviceMapCard } from './device-map-card';

// MapLibre needs WebGL, which jsdom lacks: a stand-in records what the card asks it to draw.
vi.mock('../map/device-map', () => ({
  DeviceMap: (props: DeviceMapProps) => (
    <div data-testid="map-stub" data-color={props.color} data-lat={props.latitude}>
      {props.label}
    </div>
  ),
}));

afterEach(cleanup);

const webgl = () => true;
const noWebgl = () => false;

describe('DeviceMapCard', () => {
  it('loads the map lazily and pins the device green when online', async () => {
    const device = buildDevice();
    renderWithProviders(<DeviceMapCard device={device} canDrawMap={webgl} />);
    const map = await screen.findByTestId('map-stub');
    expect(map.getAttribute('data-color')).toBe('#65BD81');
    expect(map.getAttribute('data-lat')).toBe('51.5');
    expect(screen.getByRole('region', { name: 'Device location map' })).toBeDefined();
  });

  it('pins the device red when offline', async () => {
    const device = buildDevice({
      networkStatus: {
        ...buildDevice().networkStatus,
        satelliteOnline: false,
        cellularOnline: false,
      },
    });
    renderWithProviders(<DeviceMapCard device={device} canDrawMap={webgl} />);
    expect((await screen.findByTestId('map-stub')).getAttribute('data-color')).toBe('#FF5959');
  });

  it("says 'Map not available.' without WebGL", () => {
    renderWithProviders(<DeviceMapCard device={buildDevice()} canDrawMap={noWebgl} />);
    expect(screen.getByText('Map not available.')).toBeDefined();
    expect(screen.queryByTestId('map-stub')).toBeNull();
  });

  it('says the coordinates are missing', () => {
    const device = buildDevice({
      location: { ...buildDevice().location, coordinates: null },
    });
    renderWithProviders(<DeviceMapCard device={device} canDrawMap={webgl} />);
    expect(screen.getByText('Coordinates for this device are missing.')).toBeDefined();
    expect(screen.queryByTestId('map-stub')).toBeNull();
  });

  it('says the coordinates are null island (0,0)', () => {
    const device = buildDevice({
      location: { ...buildDevice().location, coordinates: { latitude: 0, longitude: 0 } },
    });
    renderWithProviders(<DeviceMapCard device={device} canDrawMap={webgl} />);
    expect(screen.getByText('Coordinates for this device are null island (0,0).')).toBeDefined();
  });

  it("shows a reporting network's online state and 'Location Updated' as a relative time", () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z'), toFake: ['Date'] });
    try {
      renderWithProviders(<DeviceMapCard device={buildDevice()} canDrawMap={noWebgl} />);
      const satellite = screen.getByRole('group', { name: 'Satellite Location' });
      expect(within(satellite).getByText('Online')).toBeDefined();
      expect(within(satellite).getByText('Location Updated: 5 minutes ago')).toBeDefined();
      expect(within(satellite).queryByText(/No satellite location reported/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['the epoch', '1970-01-01T00:00:00.000Z'],
    ['empty', null],
  ])(
    "says a network never reported a location (%s) with 'Never', not an online state",
    (_, updatedOn) => {
      const base = buildDevice();
      const device = buildDevice({
        // The cellular network is online, but it has never reported where the device is.
        networkStatus: { ...base.networkStatus, cellularOnline: true },
        location: { ...base.location, cellularLocationUpdatedOn: updatedOn },
      });
      renderWithProviders(<DeviceMapCard device={device} canDrawMap={noWebgl} />);
      const cellular = screen.getByRole('group', { name: 'Cellular Location' });
      expect(within(cellular).getByText('No cellular location reported')).toBeDefined();
      expect(within(cellular).getByText('Location Updated: Never')).toBeDefined();
      for (const state of ['Online', 'Offline', 'Unknown'])
        expect(within(cellular).queryByText(state)).toBeNull();
    },
  );

  it('shows an offline network with the location it last reported', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z'), toFake: ['Date'] });
    try {
      const base = buildDevice();
      const device = buildDevice({
        location: { ...base.location, cellularLocationUpdatedOn: '2026-11-20T12:00:00.000Z' },
      });
      renderWithProviders(<DeviceMapCard device={device} canDrawMap={noWebgl} />);
      const cellular = screen.getByRole('group', { name: 'Cellular Location' });
      expect(within(cellular).getByText('Offline')).toBeDefined();
      expect(within(cellular).getByText('Location Updated: 2 days ago')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
