import type { FastifyBaseLogger } from 'fastify';
import {
  api,
  type ClearNotifications,
  type Notification,
  type NotificationEntityType,
  type NotificationType,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import { LIVE_CHANNELS, type LiveBus } from '../../plugins/live-bus.js';
import { NOTIFICATION_MESSAGES } from './notifications.messages.js';
import { presentNotification } from './notifications.presenter.js';
import type { NotificationsRepository } from './notifications.repository.js';

/** `GET /v1/notifications` answers at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 200;

export interface PublishNotificationInput {
  /** e.g. SyncRemote, SyncTerminal. */
  name: string;
  type: NotificationType;
  label: string;
  /** The page the notification leads to: `/{entityType}/{entityId}/overview`. */
  entityType?: NotificationEntityType;
  entityId?: string;
}

/** What other features receive (in the shared services) to notify a user. */
export type PublishNotification = (
  userId: string,
  input: PublishNotificationInput,
) => Promise<Notification>;

/** The bus message: ids only; each instance loads the row for its own streams. */
export interface NotificationAnnouncement {
  id: string;
  userId: string;
}

export function createNotificationsService(
  repo: NotificationsRepository,
  bus: LiveBus,
  log: FastifyBaseLogger,
  authorize: Authorize,
) {
  const publish: PublishNotification = async (userId, input) => {
    const row = await repo.insert(userId, {
      name: input.name,
      type: input.type,
      label: input.label,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
    });
    const announcement: NotificationAnnouncement = { id: row.id, userId };
    // The row is stored: a failed announcement only delays it until the next fetch.
    await bus.publish(LIVE_CHANNELS.notifications, announcement).catch((error: unknown) => {
      log.warn({ err: error, notificationId: row.id }, 'could not announce a notification');
    });
    return presentNotification(row);
  };

  return {
    publish,

    async list(principal: Principal): Promise<Notification[]> {
      await authorize(principal, api.notifications.list.access);
      const rows = await repo.listForUser(principal.userId, NOTIFICATION_LIST_LIMIT);
      return rows.map(presentNotification);
    },

    async markRead(principal: Principal, ids: readonly string[]): Promise<void> {
      await authorize(principal, api.notifications.markRead.access);
      await repo.markRead(principal.userId, ids);
    },

    /** Clears the listed notifications, or every one only when the body says `all: true`. */
    async clear(principal: Principal, body: ClearNotifications): Promise<void> {
      await authorize(principal, api.notifications.clear.access);
      await repo.clear(principal.userId, body.all === true ? 'all' : (body.ids ?? []));
    },

    /** `POST /v1/notifications/test`: lets a user check that the live channel reaches them. */
    async sendTest(principal: Principal): Promise<Notification> {
      await authorize(principal, api.notifications.sendTest.access);
      return publish(principal.userId, {
        name: 'Test',
        type: 'info',
        label: NOTIFICATION_MESSAGES.testLabel,
      });
    },

    /** `GET /live/notifications`: the user whose notifications the caller's stream carries. */
    async streamOwner(principal: Principal): Promise<string> {
      await authorize(principal, api.notifications.live.access);
      return principal.userId;
    },

    /** Loads an announced notification for a stream of its owner. */
    async load(announcement: NotificationAnnouncement): Promise<Notification | null> {
      const row = await repo.findById(announcement.id);
      return row && row.userId === announcement.userId ? presentNotification(row) : null;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
