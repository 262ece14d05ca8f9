import { type Notification, notificationsEndpoints } from '@aerie/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * `POST /v1/notifications/test`: the server sends the caller "This is a test notification."
 * through the live stream (which adds it to the list).
 */
export function sendTestNotification(): Promise<Notification> {
  return callApi(notificationsEndpoints.sendTest);
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
