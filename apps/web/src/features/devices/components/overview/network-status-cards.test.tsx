// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice, silentNetworkStatus } from '../../../../test/device.fixture';
import { NetworkStatusCards } from './network-status-cards';

afterEach(cleanup);

const base = buildDevice().networkStatus;

describe('NetworkStatusCards', () => {
  it('colours each network green online, red offline and grey unknown', () => {
    renderWithProviders(
      <NetworkStatusCards
        status={{ ...base, satelliteOnline: true, cellularOnline: false, wifi: null }}
      />,
    );
    const satellite = screen.getByRole('region', { name: 'Satellite: Online' });
    const cellular = screen.getByRole('region', { name: 'Cellular: Offline' });
    const wifi = screen.getByRole('region', { name: 'Local WiFi: Unknown' });
    expect(satellite.getAttribute('data-state')).toBe('online');
    expect(cellular.getAttribute('data-state')).toBe('offline');
    expect(wifi.getAttribute('data-state')).toBe('unknown');
  });

  it("shows signals in 'db' with the band of spec 001 §9", () => {
    renderWithProviders(
      <NetworkStatusCards status={{ ...base, satelliteSignal: 6.5, cellularSignal: -17 }} />,
    );
    const satellite = screen.getByRole('region', { name: /^Satellite/ });
    expect(within(satellite).getByText('6.5 db')).toBeDefined();
    expect(within(satellite).getByRole('img', { name: 'Signal strength 4 of 4' })).toBeDefined();
    const cellular = screen.getByRole('region', { name: /^Cellular/ });
    expect(within(cellular).getByText('-17.0 db')).toBeDefined();
    expect(within(cellular).getByRole('img', { name: 'Signal strength 1 of 3' })).toBeDefined();
  });

  it('copes with a device that reports nothing', () => {
    renderWithProviders(<NetworkStatusCards status={silentNetworkStatus} />);
    expect(screen.getAllByText('No signal reported')).toHaveLength(2);
    expect(screen.getAllByText('Never')).toHaveLength(2);
    expect(screen.getByText('N/A')).toBeDefined();
  });
});
