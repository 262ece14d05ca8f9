import {
  type Subscription,
  type SubscriptionDeviceList,
  SUBSCRIPTION_DEVICES_DEFAULT_TAKE,
  subscriptionsEndpoints,
} from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { SUBSCRIPTIONS_QUERY_ROOT } from './get-subscriptions';

export const subscriptionQueryKey = (id: string) =>
  [...SUBSCRIPTIONS_QUERY_ROOT, 'detail', id] as const;

function subscriptionQueryOptions(id: string) {
  return queryOptions({
    queryKey: subscriptionQueryKey(id),
    queryFn: ({ signal }): Promise<Subscription> =>
      callApi(subscriptionsEndpoints.get, { params: { id } }, { signal }),
    staleTime: 30_000,
  });
}

/** `GET /v3/subscriptions/{id}`: one subscription with its monthly usage (404 outside). */
export function useSubscription(id: string) {
  return useQuery(subscriptionQueryOptions(id));
}

/** The subscription's description alone, from the same cached answer (a dashboard widget's frame). */
export function subscriptionQueryNameOptions(id: string) {
  return queryOptions({
    ...subscriptionQueryOptions(id),
    select: (subscription: Subscription) => subscription.description,
  });
}

/** `GET /v3/subscriptions/{id}/devices`: a page of its devices by name (spec 001 §7: take 20). */
export function useSubscriptionDevices(id: string, page: number) {
  const take = SUBSCRIPTION_DEVICES_DEFAULT_TAKE;
  return useQuery({
    queryKey: [...subscriptionQueryKey(id), 'devices', page] as const,
    queryFn: ({ signal }): Promise<SubscriptionDeviceList> =>
      callApi(
        subscriptionsEndpoints.devices,
        { params: { id }, query: { skip: (page - 1) * take, take } },
        { signal },
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
