import {
  type CreateSubscription,
  type EditSubscription,
  type Subscription,
  type SubscriptionChangeList,
  subscriptionChangesEndpoints as e,
} from '@aerie/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';
import { SUBSCRIPTIONS_QUERY_ROOT } from './get-subscriptions';

/** A change of one subscription (docs/decisions/036-subscription-changes.md). */
export type SubscriptionChange =
  | { kind: 'edit'; body: EditSubscription }
  | { kind: 'cancel' }
  | { kind: 'transfer'; email: string }
  | { kind: 'cancelTransfer' }
  | { kind: 'completeTransfer' }
  | { kind: 'pool'; remotes: string[] };

function send(id: string, change: SubscriptionChange): Promise<Subscription> {
  const params = { id };
  switch (change.kind) {
    case 'edit':
      return callApi(e.edit, { params, body: change.body });
    case 'cancel':
      return callApi(e.setState, { params, body: { status: 'Cancelled' } });
    case 'transfer':
      return callApi(e.transfer, { params, body: { email: change.email } });
    case 'cancelTransfer':
      return callApi(e.cancelTransfer, { params });
    case 'completeTransfer':
      return callApi(e.acceptTransfer, { params });
    case 'pool':
      return callApi(e.pool, { params, body: { remotes: change.remotes } });
  }
}

/**
 * Changes a subscription; the answer replaces the cached detail, and the list, its devices
 * and its history are asked again (spec 001 §5: a cancel refetches the subscription).
 */
export function useChangeSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => send(id, change),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionQueryKey(id), subscription);
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_ROOT });
    },
  });
}

/** `DELETE /v2.1/subscriptions/{id}`; the list is asked again. */
export function useDeleteSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(e.delete, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: subscriptionQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_ROOT });
    },
  });
}

/** `POST /v2.1/subscriptions`; the list is asked again. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) => callApi(e.create, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_ROOT });
    },
  });
}

/** `GET /v2.1/subscriptions/{id}/changes`: a page of its history, newest first. */
export function useSubscriptionChanges(id: string, page: number, take: number) {
  return useQuery({
    queryKey: [...subscriptionQueryKey(id), 'changes', page] as const,
    queryFn: ({ signal }): Promise<SubscriptionChangeList> =>
      callApi(e.changes, { params: { id }, query: { skip: (page - 1) * take, take } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
