import { notificationTypeSchema, type Notification } from '@aerie/contract';
import type { NotificationRecord } from './notifications.repository.js';

export function presentNotification(n: NotificationRecord): Notification {
  const type = notificationTypeSchema.safeParse(n.type);
  return {
    id: n.id,
    name: n.name,
    type: type.success ? type.data : 'info',
    isRead: n.isRead,
    label: n.label,
    createdOn: n.createdAt.toISOString(),
    createdOnUnixMs: n.createdAt.getTime(),
    metadata:
      n.entityType !== null && n.entityId !== null
        ? { entityType: n.entityType, entityId: n.entityId }
        : null,
  };
}
