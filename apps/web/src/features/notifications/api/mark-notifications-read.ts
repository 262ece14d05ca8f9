import { type Notification, notificationsEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** `PUT /v1/notifications`: marks these notifications as read. */
export async function markNotificationsRead(ids: string[]): Promise<void> {
  await callApi(notificationsEndpoints.markRead, { body: ids });
}

/** Marks the given ids read, updating the cached list (and so the bell's badge) at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (ids) => {
      const read = new Set(ids);
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((item) => (read.has(item.id) ? { ...item, isRead: true } : item)),
      );
    },
  });
}
