import {
  FINAL_SYNC_TYPES,
  NOTIFICATION_EVENT,
  notificationSchema,
  type Notification,
} from '@aerie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { currentAccessToken } from '../../../lib/api-client';
import { startLiveStream } from '../../../lib/live-stream';
import { notificationsQueryKey } from '../api/get-notifications';

export interface UseLiveNotificationsOptions {
  /** `{liveUrl}` from the runtime configuration; the stream is `{liveUrl}/notifications`. */
  liveUrl: string;
  enabled: boolean;
  /**
   * A sync notification with a final type (Success, Error, PartialSuccess) arrived
   * (spec 000 §4): the app refreshes that device's state.
   */
  onFinalSync?: (notification: Notification) => void;
  onUnauthorized?: () => void;
}

/** Whether a notification ends a sync (SyncRemote, SyncTerminal) with a final type. */
export function isFinalSyncNotification(notification: Notification): boolean {
  return notification.name.startsWith('Sync') && FINAL_SYNC_TYPES.includes(notification.type);
}

/** Listens to the live stream and adds arrivals to the cached list (and so to the badge). */
export function useLiveNotifications({
  liveUrl,
  enabled,
  onFinalSync,
  onUnauthorized,
}: UseLiveNotificationsOptions): void {
  const queryClient = useQueryClient();
  const callbacks = useRef({ onFinalSync, onUnauthorized });
  callbacks.current = { onFinalSync, onUnauthorized };

  useEffect(() => {
    if (!enabled) return;
    return startLiveStream({
      url: `${liveUrl.replace(/\/+$/, '')}/notifications`,
      getAccessToken: currentAccessToken,
      onUnauthorized: () => callbacks.current.onUnauthorized?.(),
      onEvent: (event) => {
        if (event.event !== NOTIFICATION_EVENT) return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = notificationSchema.safeParse(json);
        if (!parsed.success) return;
        const notification = parsed.data;
        if (queryClient.getQueryData(notificationsQueryKey) === undefined) {
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
        } else {
          queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list = []) => [
            notification,
            ...list.filter((item) => item.id !== notification.id),
          ]);
        }
        if (isFinalSyncNotification(notification)) callbacks.current.onFinalSync?.(notification);
      },
    });
  }, [enabled, liveUrl, queryClient]);
}
