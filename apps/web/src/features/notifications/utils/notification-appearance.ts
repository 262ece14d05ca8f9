import type { NotificationMetadata, NotificationType } from '@aerie/contract';
import type { IconName } from '../../../components/ui/icons';
import { notificationsMessages } from '../messages';

export interface NotificationAppearance {
  icon: IconName;
  /** A Mantine colour; shade 8/9 keeps AA contrast on light backgrounds. */
  color: string;
  label: string;
  spins: boolean;
}

/** Icon and colour per notification type (spec 000 §3); progress spins. */
export function notificationAppearance(type: NotificationType): NotificationAppearance {
  switch (type.toLowerCase()) {
    case 'success':
      return {
        icon: 'success',
        color: 'teal',
        label: notificationsMessages.types.success,
        spins: false,
      };
    case 'error':
      return {
        icon: 'error',
        color: 'red',
        label: notificationsMessages.types.error,
        spins: false,
      };
    case 'partialsuccess':
      return {
        icon: 'partial',
        color: 'orange',
        label: notificationsMessages.types.partialsuccess,
        spins: false,
      };
    case 'warning':
      return {
        icon: 'warning',
        color: 'yellow',
        label: notificationsMessages.types.warning,
        spins: false,
      };
    case 'progress':
      return {
        icon: 'progress',
        color: 'blue',
        label: notificationsMessages.types.progress,
        spins: true,
      };
    default:
      return { icon: 'info', color: 'blue', label: notificationsMessages.types.info, spins: false };
  }
}

/**
 * Where a notification leads: `/{entityType}/{entityId}/overview` (spec 000 §2.8); the
 * contract's entity types are the route segments (`devices`, `subscriptions`).
 */
export function notificationHref(metadata: NotificationMetadata | null): string | null {
  if (!metadata || !metadata.entityId) return null;
  return `/${encodeURIComponent(metadata.entityType)}/${encodeURIComponent(metadata.entityId)}/overview`;
}
