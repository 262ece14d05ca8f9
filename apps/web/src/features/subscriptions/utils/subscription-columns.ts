import type { SubscriptionSortField } from '@aerie/contract';

/** The columns the server sorts by, in their default order. */
export const subscriptionSortColumnIds = [
  'subscriptionNumber',
  'product',
  'kpc',
  'account',
  'startDate',
  'endDate',
] as const;
export type SubscriptionSortColumnId = (typeof subscriptionSortColumnIds)[number];

/**
 * The subscriptions list's columns in their default order (this month's usage, last, is not a
 * sort); the ids are stored in list settings.
 */
export const subscriptionColumnIds = [...subscriptionSortColumnIds, 'usage'] as const;
export type SubscriptionColumnId = (typeof subscriptionColumnIds)[number];

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
