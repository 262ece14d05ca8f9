import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, jsonRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** `DELETE /v1/notifications`: clears all of the caller's notifications. */
export async function clearNotifications(): Promise<void> {
  await apiFetch('/v1/notifications', z.unknown(), jsonRequest('DELETE', {}));
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: () => queryClient.setQueryData(notificationsQueryKey, []),
  });
}
