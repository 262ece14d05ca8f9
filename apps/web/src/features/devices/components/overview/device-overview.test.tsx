// @vitest-environment jsdom
import type { RoleKey } from '@aerie/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice, silentNetworkStatus } from '../../../../test/device.fixture';
import { DeviceOverview } from './device-overview';

afterEach(cleanup);
// jsdom has no WebGL: the map card shows 'Map not available.' (the shared jsdom shims,
// test/jsdom-shims.ts, make getContext answer null, so nothing is logged).

async function renderOverview(role: RoleKey, device = buildDevice()) {
  renderWithProviders(
    <DeviceOverview
      device={device}
      role={role}
      user={{ firstName: 'Ada', lastName: 'Lovelace' }}
    />,
    {
      path: `/devices/${device.id}/overview`,
    },
  );
  await screen.findByTestId('overview-card');
}

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('DeviceOverview', () => {
  it('shows every card to Super User, with name editing and subscription links', async () => {
    await renderOverview('superUser');
    expect(cardTitles()).toEqual([
      'Overview',
      'Subscription',
      'Components',
      'Location',
      'Software',
      'Private Mode',
    ]);
    expect(screen.getByRole('button', { name: 'Edit name' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'View Subscription' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Past Subscriptions' })).toBeDefined();
    expect(screen.getByRole('group', { name: 'Network status' })).toBeDefined();
  });

  it('hides the Private Mode card and subscription links from Credentialed, who may rename', async () => {
    await renderOverview('credentialed');
    expect(cardTitles()).not.toContain('Private Mode');
    expect(screen.getByRole('button', { name: 'Edit name' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'View Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Past Subscriptions' })).toBeNull();
  });

  it('gives Sales Support the links but neither renaming nor the Private Mode card', async () => {
    await renderOverview('salesSupport');
    expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull();
    expect(cardTitles()).not.toContain('Private Mode');
    expect(screen.getByRole('button', { name: 'Past Subscriptions' })).toBeDefined();
  });

  it.each(['providerAdmin', 'productSupport', 'accountAdmin'] as const)(
    'shows the Private Mode card to %s',
    async (role) => {
      await renderOverview(role, buildDevice({ private: true }));
      expect(cardTitles()).toContain('Private Mode');
      expect(screen.getByText('Enabled')).toBeDefined();
    },
  );

  it('shows the Software card only for terminals', async () => {
    await renderOverview('superUser', buildDevice({ type: 'gateway' }));
    expect(cardTitles()).not.toContain('Software');
  });

  it('shows the software dates in yyyy-MM-dd HH:mm:ss and the certificate text', async () => {
    await renderOverview('superUser', buildDevice({ publicKey: null }));
    expect(screen.getByText('2026-10-01 08:30:05')).toBeDefined();
    expect(screen.getByText('2026-11-22 07:04:09')).toBeDefined();
    expect(screen.getByText('Certificate is not available for this device.')).toBeDefined();
  });

  it('lists components, and says so when there are none', async () => {
    await renderOverview('superUser');
    expect(screen.getByRole('cell', { name: 'GM00042' })).toBeDefined();
    cleanup();
    await renderOverview('superUser', buildDevice({ components: [] }));
    expect(screen.getByText('This Device is not associated with any Components.')).toBeDefined();
  });

  it('shows a raw factory device with nothing but a name, with every warning that applies', async () => {
    const bare = buildDevice({
      name: 'test3-a1b2c3',
      serial: null,
      productCode: null,
      productName: null,
      product: null,
      salesforceAssetId: null,
      publicKey: null,
      features: [],
      components: [],
      networkStatus: silentNetworkStatus,
      location: {
        coordinates: null,
        satelliteLocationUpdatedOn: null,
        cellularLocationUpdatedOn: null,
      },
      software: {
        currentVersion: null,
        targetVersion: null,
        locked: false,
        lastUpdatedOn: null,
        lastCheckin: null,
      },
      activeSubscription: null,
      subscriptionHistory: [],
      totalSatelliteUsage: 0,
      totalCellularUsage: 0,
    });
    await renderOverview('superUser', bare);
    const warnings = screen.getByRole('group', { name: 'Device warnings' });
    expect(warnings.textContent).toContain(
      'This device does not have a subscription. Desired state is not NMS state.',
    );
    expect(warnings.textContent).toContain(
      'This is a raw Test3 device straight out of the factory...',
    );
    expect(warnings.textContent).toContain(
      'This device has not been synchronized with Salesforce.',
    );
    expect(screen.getByText('Coordinates for this device are missing.')).toBeDefined();
    expect(screen.getByText('No active subscription found.')).toBeDefined();
    expect(screen.getAllByText('0.0 B')).toHaveLength(2);
  });

  it("shows the total usage in the '0.0 b' format", async () => {
    await renderOverview('superUser');
    expect(screen.getByText('1.5 MB')).toBeDefined();
  });
});
