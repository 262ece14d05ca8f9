// @vitest-environment jsdom
import {
  fleetEndpoints,
  referenceEndpoints,
  shellEndpoints,
  usersEndpoints,
  type AccessStats,
  type FleetSummary,
} from '@aerie/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '../../users';
import { apiAnswer, apiHandler, setupApiServer } from '../../../test/api-server';
import { buildCurrentUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders, testConfig } from '../../../test/render';
import { HomePage } from './home-page';

afterEach(cleanup);

const brandKey = testConfig.brand.replace(/[^A-Za-z0-9]/g, '');
const adminStats: AccessStats = {
  satelliteOnlineDevices: 812,
  cellularOnlineDevices: 344,
  privateDevices: 12,
  pausedDevices: 7,
  activeSubscriptions: 950,
  activeSubscriptionsBreakdown: { '20 GB': 600, Unlimited: 350 },
  beamStats: {},
  softwareStats: {},
  [`monthlyActive${brandKey}Users`]: 9,
  [`monthlyActiveNon${brandKey}Users`]: 31,
  totalAccounts: 24,
  accountsWithConfiguratorAccess: 8,
} as AccessStats;
/** What another role gets: the admin figures null (spec 002 §6). */
const otherStats: AccessStats = {
  ...adminStats,
  pausedDevices: null,
  [`monthlyActive${brandKey}Users`]: null,
  [`monthlyActiveNon${brandKey}Users`]: null,
  totalAccounts: null,
  accountsWithConfiguratorAccess: null,
};
const summary: FleetSummary = {
  total: 1500,
  online: 1200,
  offline: 280,
  offlineOver24h: 41,
  syncPending: 3,
  syncBlocked: 17,
  hubJobFailed: 0,
};
const DEVICE = '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f';

const server = setupApiServer(
  apiAnswer(fleetEndpoints.summary, summary),
  apiAnswer(referenceEndpoints.accessStats, adminStats),
  apiAnswer(shellEndpoints.recentItems, []),
  // The profile, should it be asked for again: the one the test put in the cache.
  apiHandler(usersEndpoints.me, () => HttpResponse.json(currentUser)),
);
let currentUser = buildCurrentUser();

function renderHome(overrides: Parameters<typeof buildCurrentUser>[0] = {}) {
  const queryClient = createTestQueryClient();
  // The profile as the app loaded it at start (not asked again here).
  queryClient.setQueryDefaults(meQueryKey, { staleTime: Infinity });
  currentUser = buildCurrentUser({
    firstName: 'Grace',
    lastName: 'Hopper',
    roleName: 'Account Admin',
    accountName: 'Blue Harbour',
    ...overrides,
  });
  queryClient.setQueryData(meQueryKey, currentUser);
  return renderWithProviders(<HomePage />, { queryClient, path: '/home' });
}

describe('HomePage', () => {
  it('welcomes the signed-in user by name and shows their role and account', async () => {
    renderHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' }),
    ).toBeDefined();
    expect(screen.getByText('Signed in as Account Admin · Blue Harbour')).toBeDefined();
  });

  it('shows a loader while the profile is not loaded', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryDefaults(meQueryKey, { queryFn: () => new Promise(() => undefined) });
    renderWithProviders(<HomePage />, { queryClient });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows the admin tiles when the server gives their figures', async () => {
    renderHome();
    const tiles = await screen.findByRole('list', { name: 'Overview tiles' });
    await within(tiles).findByText('Paused Devices');
    expect(within(tiles).getByTestId('tile-monthlyActiveUsers').textContent).toContain('40');
    expect(within(tiles).getByText('9 Aerie, 31 customers')).toBeDefined();
    expect(within(tiles).getByTestId('tile-accounts').textContent).toContain('24');
    expect(within(tiles).getByText('8 with configurator access')).toBeDefined();
    expect(within(tiles).getByTestId('tile-satelliteOnline').textContent).toContain('812');
  });

  it('leaves the admin tiles out for a role the server gives none', async () => {
    server.use(apiAnswer(referenceEndpoints.accessStats, otherStats));
    renderHome();
    const tiles = await screen.findByRole('list', { name: 'Overview tiles' });
    await within(tiles).findByText('Satellite Online');
    expect(within(tiles).queryByText('Paused Devices')).toBeNull();
    expect(within(tiles).queryByText('Monthly Active Users')).toBeNull();
    expect(within(tiles).queryByText('Accounts')).toBeNull();
    expect(within(tiles).getAllByRole('listitem')).toHaveLength(4);
  });

  it('links each fleet figure to the device list filtered by its state', async () => {
    renderHome();
    const region = await screen.findByRole('region', { name: 'Fleet summary' });
    const link = (name: RegExp) => within(region).getByRole('link', { name });
    await within(region).findByText('1,500');
    expect(link(/^Online\s*1,200$/).getAttribute('href')).toBe('/devices?state=Online');
    expect(link(/^Offline\s*280$/).getAttribute('href')).toBe('/devices?state=Offline');
    expect(link(/^Total devices\s*1,500$/).getAttribute('href')).toBe('/devices');
    expect(link(/^Offline over 24 h\s*41$/).getAttribute('href')).toBe(
      '/devices?state=OfflineOver24h',
    );
    expect(link(/^Sync pending\s*3$/).getAttribute('href')).toBe('/devices?state=SyncPending');
    expect(link(/^Sync blocked\s*17$/).getAttribute('href')).toBe('/devices?state=SyncBlocked');
    expect(link(/^Hub job failed\s*0$/).getAttribute('href')).toBe('/devices?state=HubJobFailed');
  });

  it("says 'You have not visited any devices recently.' without recent devices", async () => {
    renderHome();
    expect(await screen.findByText('You have not visited any devices recently.')).toBeDefined();
  });

  it('links recent devices to their overview, newest first', async () => {
    server.use(
      apiAnswer(shellEndpoints.recentItems, [
        { id: DEVICE, name: 'MV Northern Star', ts: Date.now() - 60_000 },
        { id: 'b1', name: 'Depot Rotterdam', ts: Date.now() - 3_600_000 },
      ]),
    );
    renderHome();
    const card = await screen.findByTestId('recent-devices');
    const link = await within(card).findByRole('link', { name: 'MV Northern Star' });
    expect(link.getAttribute('href')).toBe(`/devices/${DEVICE}/overview`);
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['MV Northern Star', 'Depot Rotterdam']);
  });

  it('offers the configurator pricing only to an account with configuratorVisible', async () => {
    const permissions = buildCurrentUser().accountPermissions;
    renderHome({ accountPermissions: { ...permissions, configuratorVisible: true } });
    const link = await screen.findByRole('link', { name: 'Open the configurator pricing' });
    expect(link.getAttribute('href')).toBe('/configurator');
    cleanup();
    renderHome({ accountPermissions: { ...permissions, configuratorVisible: false } });
    await screen.findByTestId('marketing-box');
    expect(screen.queryByRole('link', { name: 'Open the configurator pricing' })).toBeNull();
  });

  it('shows the marketing box and, without WebGL, says the map is not available', async () => {
    renderHome();
    expect(await screen.findByTestId('marketing-box')).toBeDefined();
    expect(await screen.findByText('Map not available.')).toBeDefined();
  });
});
