import type { SubscriptionSortField } from '@aerie/contract';

/** The subscriptions list's columns in their default order; the ids are stored in list settings. */
export const subscriptionColumnIds = [
  'subscriptionNumber',
  'product',
  'kpc',
  'account',
  'startDate',
  'endDate',
  'usage',
] as const;
export type SubscriptionColumnId = (typeof subscriptionColumnIds)[number];

/** The columns the server sorts by (this month's usage is not one of them). */
export const subscriptionSortColumnIds = [
  'subscriptionNumber',
  'product',
  'kpc',
  'account',
  'startDate',
  'endDate',
] as const satisfies readonly SubscriptionColumnId[];
export type SubscriptionSortColumnId = (typeof subscriptionSortColumnIds)[number];

/** The list-settings table name of the subscriptions list (spec 000 §5: KPC cannot be hidden). */
export const SUBSCRIPTION_LIST_TABLE = 'subscriptions';

/** The server's sort field for each column (spec 001 §7 `sortField`). */
export const subscriptionSortFieldByColumn: Record<
  SubscriptionSortColumnId,
  SubscriptionSortField
> = {
  subscriptionNumber: 'SubscriptionNumber',
  product: 'Description',
  kpc: 'ProductCode',
  account: 'AccountName',
  startDate: 'StartDate',
  endDate: 'EndDate',
};
