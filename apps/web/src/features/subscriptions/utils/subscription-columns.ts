import type { SubscriptionSortField } from '@aerie/contract';

/** The subscriptions list's columns in their default order; the ids are stored in list settings. */
export const subscriptionColumnIds = [
  'subscriptionNumber',
  'product',
  'kpc',
  'account',
  'startDate',
  'endDate',
] as const;
export type SubscriptionColumnId = (typeof subscriptionColumnIds)[number];

/** The list-settings table name of the subscriptions list (spec 000 §5: KPC cannot be hidden). */
export const SUBSCRIPTION_LIST_TABLE = 'subscriptions';

/** The server's sort field for each column (spec 001 §7 `sortField`). */
export const subscriptionSortFieldByColumn: Record<SubscriptionColumnId, SubscriptionSortField> = {
  subscriptionNumber: 'SubscriptionNumber',
  product: 'Description',
  kpc: 'ProductCode',
  account: 'AccountName',
  startDate: 'StartDate',
  endDate: 'EndDate',
};
