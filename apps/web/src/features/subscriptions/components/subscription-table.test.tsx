// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { subscriptionColumnIds } from '../utils/subscription-columns';
import { SubscriptionTable, type SubscriptionUsageById } from './subscription-table';

afterEach(cleanup);

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const ids3 = [...ids, '33333333-3333-4333-8333-333333333333'];
const rows = ids3.map((id, i) => ({ id, description: `Plan ${i + 1}`, productCode: `KPC-${i}` }));

function renderTable(usage: SubscriptionUsageById) {
  renderWithProviders(
    <SubscriptionTable
      subscriptions={rows}
      columnOrder={[...subscriptionColumnIds]}
      hiddenColumns={[]}
      sort="endDate"
      direction="asc"
      onSortChange={() => {}}
      linkSearch={{}}
      loading={false}
      busy={false}
      usage={usage}
    />,
    { path: '/subscriptions' },
  );
}

/** The usage cell of the row whose product is `product`. */
async function usageOf(product: string): Promise<HTMLElement> {
  const row = (await screen.findByRole('link', { name: product })).closest('tr')!;
  const cells = within(row).getAllByRole('cell');
  return cells[subscriptionColumnIds.indexOf('usage')]!;
}

describe('the subscriptions table', () => {
  it("shows this month's usage against the limit, with a bar at the alert levels", async () => {
    renderTable(
      new Map([
        [
          ids[0]!,
          { id: ids[0]!, dataLimitInGb: 50, value: 45e9, satelliteValue: 45e9, cellularValue: 0 },
        ],
        [
          ids[1]!,
          {
            id: ids[1]!,
            dataLimitInGb: 9999,
            value: 1.2e9,
            satelliteValue: 1e9,
            cellularValue: 0.2e9,
          },
        ],
      ]),
    );
    const high = await usageOf('Plan 1');
    expect(high.textContent).toBe('45.0 GB of 50 GB (90%)');
    expect(high.querySelector('[data-level]')?.getAttribute('data-level')).toBe('high');
    const unlimited = await usageOf('Plan 2');
    expect(unlimited.textContent).toBe('1.2 GB of Unlimited');
    expect(unlimited.querySelector('[data-level]')).toBeNull();
    // A row the answer left out (not the caller's any more): a dash.
    expect((await usageOf('Plan 3')).textContent).toBe('—');
    expect(screen.getByRole('columnheader', { name: 'Usage This Month' })).toBeTruthy();
  });

  it('shows dashes until the usage arrives', async () => {
    renderTable(undefined);
    expect((await usageOf('Plan 1')).textContent).toBe('—');
  });
});
