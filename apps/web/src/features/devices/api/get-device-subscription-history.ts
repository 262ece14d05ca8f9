import {
  SUBSCRIPTION_IDS_MAX,
  subscriptionsEndpoints,
  type SubscriptionSummary,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const deviceSubscriptionHistoryQueryKey = (ids: readonly string[]) =>
  ['devices', 'subscriptionHistory', ...ids] as const;

/**
 * `POST /v3/subscriptions` with {ids}: the subscriptions of a device's history (spec 001 §7).
 * Fields the role may not see are absent (spec 001 §6).
 */
export async function getDeviceSubscriptionHistory(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<SubscriptionSummary[]> {
  if (ids.length === 0) return [];
  const list = await callApi(
    subscriptionsEndpoints.byIds,
    { body: { ids: ids.slice(0, SUBSCRIPTION_IDS_MAX) } },
    signal ? { signal } : {},
  );
  return list.items;
}

export function getDeviceSubscriptionHistoryQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: deviceSubscriptionHistoryQueryKey(ids),
    queryFn: ({ signal }) => getDeviceSubscriptionHistory(ids, signal),
    staleTime: 60_000,
  });
}

/** The history modal's subscriptions; fetched only while `enabled` (the modal is open). */
export function useDeviceSubscriptionHistory(ids: readonly string[], enabled: boolean) {
  return useQuery({ ...getDeviceSubscriptionHistoryQueryOptions(ids), enabled });
}
