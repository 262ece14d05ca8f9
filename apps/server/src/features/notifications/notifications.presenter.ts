import {
  notificationEntityTypeSchema,
  notificationTypeSchema,
  type Notification,
} from '@aerie/contract';
import type { NotificationRecord } from './notifications.repository.js';

export function presentNotification(n: NotificationRecord): Notification {
  const type = notificationTypeSchema.safeParse(n.type);
  // A row whose entity is no page of the portal leads nowhere rather than to "Page not found".
  const entityType = notificationEntityTypeSchema.safeParse(n.entityType);
  return {
    id: n.id,
    name: n.name,
    type: type.success ? type.data : 'info',
    isRead: n.isRead,
    label: n.label,
    createdOn: n.createdAt.toISOString(),
    createdOnUnixMs: n.createdAt.getTime(),
    metadata:
      entityType.success && n.entityId !== null
        ? { entityType: entityType.data, entityId: n.entityId }
        : null,
  };
}
