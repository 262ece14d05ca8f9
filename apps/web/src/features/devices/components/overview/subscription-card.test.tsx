// @vitest-environment jsdom
import { subscriptionsEndpoints } from '@aerie/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildDevice } from '../../../../test/device.fixture';
import { SubscriptionCard } from './subscription-card';

afterEach(cleanup);

const history = buildDevice().subscriptionHistory;
const pastSubscription = {
  id: history[0]!.id,
  description: 'Maritime 50',
  productCode: 'SUB-50',
  accountId: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00',
  accountName: 'Northwind Maritime',
  startDate: '2025-01-01T00:00:00.000Z',
  endDate: '2026-01-01T00:00:00.000Z',
  dataLimitInGb: 50,
  hasSatellite: true,
  hasCellular: false,
  active: false,
  malformed: false,
  salesforceObjectId: 'a0B000000XyZ',
  networkIdentifiers: ['Evolution', 'Cellular'],
  nmsId: 'nms-1',
};

const server = setupApiServer(
  apiAnswer(subscriptionsEndpoints.byIds, { items: [pastSubscription] }),
);

const allColumns = { supportedNetworks: true, salesforceId: true };
const device = buildDevice();

function renderCard(props: Partial<Parameters<typeof SubscriptionCard>[0]> = {}) {
  return renderWithProviders(
    <SubscriptionCard device={device} showLinks historyColumns={allColumns} {...props} />,
    { path: '/devices/x/overview' },
  );
}

describe('SubscriptionCard', () => {
  it('shows the active subscription with dates in yyyy-MM-dd HH:mm:ss and 9999 as Unlimited', async () => {
    renderCard();
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByText('Maritime Unlimited')).toBeDefined();
    expect(within(card).getByText('Unlimited')).toBeDefined();
    expect(within(card).getByText('2026-01-01 00:00:00')).toBeDefined();
    expect(within(card).getByText('2027-01-01 00:00:00')).toBeDefined();
    expect(within(card).getByText('Yes')).toBeDefined();
  });

  it.each([
    [50, '50GB'],
    [null, 'N/A'],
  ])('shows a data limit of %s as %s', async (dataLimitInGb, text) => {
    renderCard({
      device: buildDevice({
        activeSubscription: { ...device.activeSubscription!, dataLimitInGb },
      }),
    });
    expect(await screen.findByText(text)).toBeDefined();
  });

  it("says 'No active subscription found.' without one", async () => {
    renderCard({ device: buildDevice({ activeSubscription: null }) });
    expect(await screen.findByText('No active subscription found.')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'View Subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Past Subscriptions' })).toBeDefined();
  });

  it('links to the subscription detail', async () => {
    renderCard();
    const link = await screen.findByRole('link', { name: 'View Subscription' });
    expect(link.getAttribute('href')).toBe(
      `/subscriptions/${device.activeSubscription!.subscriptionId}/overview`,
    );
  });

  it('shows no links to roles without them', async () => {
    renderCard({ showLinks: false });
    await screen.findByTestId('subscription-card');
    expect(screen.queryByRole('link', { name: 'View Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Past Subscriptions' })).toBeNull();
  });

  it('lists past subscriptions from POST /v3/subscriptions with every column', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Past Subscriptions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Past Subscriptions' });
    expect(await within(dialog).findByText('Maritime 50')).toBeDefined();
    expect(within(dialog).getByText('50GB')).toBeDefined();
    expect(within(dialog).getByText('Evolution, Cellular')).toBeDefined();
    expect(within(dialog).getByText('a0B000000XyZ')).toBeDefined();
    expect(within(dialog).getByText('2025-01-01 00:00:00')).toBeDefined();
    const [request] = server.requests();
    expect(request?.path).toBe('/v3/subscriptions');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ ids: [history[0]!.id] });
  });

  it('leaves out Supported Networks and Salesforce ID for roles without them', async () => {
    renderCard({ historyColumns: { supportedNetworks: false, salesforceId: false } });
    fireEvent.click(await screen.findByRole('button', { name: 'Past Subscriptions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Past Subscriptions' });
    await within(dialog).findByText('Maritime 50');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Description', 'Start Date (UTC)', 'End Date (UTC)', 'Data Limit']);
  });

  it("says 'No past subscriptions found for this device.' without asking the server", async () => {
    renderCard({ device: buildDevice({ subscriptionHistory: [] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Past Subscriptions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Past Subscriptions' });
    expect(within(dialog).getByText('No past subscriptions found for this device.')).toBeDefined();
    expect(server.requests()).toHaveLength(0);
  });
});
