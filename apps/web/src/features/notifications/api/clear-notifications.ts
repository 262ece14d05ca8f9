import { notificationsEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** `DELETE /v1/notifications`: clears all of the caller's notifications (`all: true`). */
export async function clearNotifications(): Promise<void> {
  await callApi(notificationsEndpoints.clear, { body: { all: true } });
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => queryClient.setQueryData(notificationsQueryKey, []),
  });
}
