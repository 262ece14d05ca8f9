import { ActionIcon, Indicator } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { useNotifications } from '../api/get-notifications';
import { notificationsMessages } from '../messages';

export interface NotificationBellProps {
  onClick: () => void;
  expanded: boolean;
  className?: string | undefined;
}

/** The top bar's bell: its badge counts unread notifications. */
export function NotificationBell({ onClick, expanded, className }: NotificationBellProps) {
  const { data } = useNotifications({ enabled: false });
  const unread = data?.filter((item) => !item.isRead).length ?? 0;
  return (
    <Indicator
      label={unread > 99 ? '99+' : String(unread)}
      disabled={unread === 0}
      size={18}
      color="red.9"
      offset={6}
      data-testid="notification-badge"
    >
      <ActionIcon
        variant="transparent"
        size="lg"
        className={className}
        aria-label={notificationsMessages.bell(unread)}
        aria-expanded={expanded}
        onClick={onClick}
      >
        <Icon name="bell" size={22} />
      </ActionIcon>
    </Indicator>
  );
}
