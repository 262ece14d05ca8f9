// @vitest-environment jsdom
import { subscriptionsEndpoints, type SubscriptionList as ListAnswer } from '@aerie/contract';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultListLayout } from '../../../components/data-table/list-layout';
import { setApiErrorHandlers } from '../../../lib/api-client';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { defaultSubscriptionListView } from '../utils/subscription-list-view';
import { SubscriptionList } from './subscription-list';
import { subscriptionListColumns } from './subscription-table';

afterEach(cleanup);

const ID = '11111111-1111-4111-8111-111111111111';
const list: ListAnswer = {
  count: 1,
  items: [{ id: ID, description: 'Hawk Satellite 50 GB / month', productCode: 'SVC-050-SAT' }],
};
const usage = {
  year: 2026,
  month: 11,
  items: [{ id: ID, dataLimitInGb: 50, value: 41e9, satelliteValue: 41e9, cellularValue: 0 }],
};

const server = setupApiServer(
  apiAnswer(subscriptionsEndpoints.list, list),
  apiAnswer(subscriptionsEndpoints.usageByIds, usage),
);

function render(hidden: string[] = []) {
  renderWithProviders(
    <>
      <Notifications />
      <SubscriptionList
        view={defaultSubscriptionListView}
        update={vi.fn()}
        accounts={[]}
        layout={{ ...defaultListLayout(subscriptionListColumns), hidden }}
        onEditColumns={vi.fn()}
        columnEditorOpen={false}
        onMonthlyReport={vi.fn()}
        monthlyReportOpen={false}
      />
    </>,
    { path: '/subscriptions' },
  );
}

describe('SubscriptionList: usage this month', () => {
  it("asks for the page's usage once, and again on Refresh List", async () => {
    render();
    expect(await screen.findByText('41.0 GB of 50 GB (82%)')).toBeDefined();
    const asked = () => server.sentTo(subscriptionsEndpoints.usageByIds);
    expect(asked()).toHaveLength(1);
    await waitFor(() => expect(asked()[0]).toEqual({ ids: [ID] }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh List' }));
    await waitFor(() => expect(asked()).toHaveLength(2));
  });

  it("says the spec's text when the usage cannot be fetched, and the column shows a dash", async () => {
    server.use(apiHandler(subscriptionsEndpoints.usageByIds, () => apiError(500, 'boom')));
    // The app's handler of unexpected errors (a generic error toast) is not called: quiet.
    const unexpected = vi.fn();
    setApiErrorHandlers({ onUnexpectedError: unexpected });
    render();
    expect(
      await screen.findByText('Failed to fetch Subscription usage due to exception.'),
    ).toBeDefined();
    expect(unexpected).not.toHaveBeenCalled();
    const link = await screen.findByRole('link', { name: 'Hawk Satellite 50 GB / month' });
    const usageCell = link.closest('tr')?.querySelector('td[data-column="usage"]');
    expect(usageCell?.textContent).toBe('—');
  });

  it('does not ask while the column is hidden', async () => {
    render(['usage']);
    await screen.findByRole('link', { name: 'Hawk Satellite 50 GB / month' });
    expect(server.sentTo(subscriptionsEndpoints.usageByIds)).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Usage This Month' })).toBeNull();
  });
});
