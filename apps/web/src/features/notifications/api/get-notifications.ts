import { type Notification, notificationsEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** `GET /v1/notifications`: the caller's notifications, newest first. */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return callApi(notificationsEndpoints.list, {}, signal ? { signal } : {});
}

export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    // NOTE: the live stream keeps the list current; fetch again only when the pane opens.
    staleTime: Infinity,
  });
}

export function useNotifications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationsQueryOptions(), enabled: options.enabled ?? true });
}
