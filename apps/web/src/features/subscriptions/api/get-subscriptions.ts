import {
  type SubscriptionList,
  type SubscriptionsUsage,
  subscriptionsEndpoints,
} from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { SubscriptionListRequest } from '../utils/subscription-list-view';

/** Every cached answer of the subscriptions feature starts with this key. */
export const SUBSCRIPTIONS_QUERY_ROOT = ['subscriptions'] as const;

export const subscriptionsQueryKey = (request: SubscriptionListRequest) =>
  [...SUBSCRIPTIONS_QUERY_ROOT, 'list', request] as const;

/** `GET /v3/subscriptions`: one page of the caller's subscriptions and the count (spec 001 §7). */
export function getSubscriptions(
  request: SubscriptionListRequest,
  signal?: AbortSignal,
): Promise<SubscriptionList> {
  return callApi(subscriptionsEndpoints.list, { query: request }, signal ? { signal } : {});
}

/** A page of the list; the previous page stays on screen while the next one loads. */
export function useSubscriptions(request: SubscriptionListRequest) {
  return useQuery(
    queryOptions({
      queryKey: subscriptionsQueryKey(request),
      queryFn: ({ signal }) => getSubscriptions(request, signal),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * `POST /v2.1/subscriptions/usage`: this month's usage of the subscriptions on screen (the
 * list's usage column). Asked only while the column is shown and there are rows. Quiet: the
 * list says the spec's own text when it fails.
 */
export function useSubscriptionsUsage(ids: readonly string[], enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...SUBSCRIPTIONS_QUERY_ROOT, 'usage', ids] as const,
      queryFn: ({ signal }): Promise<SubscriptionsUsage> =>
        callApi(
          subscriptionsEndpoints.usageByIds,
          { body: { ids: [...ids] } },
          { signal, quiet: true },
        ),
      enabled: enabled && ids.length > 0,
      staleTime: 60_000,
    }),
  );
}
