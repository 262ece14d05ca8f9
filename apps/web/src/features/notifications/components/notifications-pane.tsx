import type { Notification } from '@aerie/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Icon } from '../../../components/ui/icons';
import { useClearNotifications } from '../api/clear-notifications';
import { getNotificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { notificationsMessages } from '../messages';
import { notificationAppearance, notificationHref } from '../utils/notification-appearance';
import classes from './notifications-pane.module.css';

export interface NotificationsPaneProps {
  /** Called after following a notification's link. */
  onNavigate?: () => void;
}

/**
 * The notifications pane (spec 000 §2.8): on opening, the list is fetched and then all are
 * marked read; live arrivals appear without a reload.
 */
export function NotificationsPane({ onNavigate }: NotificationsPaneProps) {
  const queryClient = useQueryClient();
  const notifications = useNotifications({ enabled: false });
  const markRead = useMarkNotificationsRead();
  const clear = useClearNotifications();
  const { mutate } = markRead;
  const [confirmingClear, setConfirmingClear] = useState(false);

  useEffect(() => {
    let cancelled = false;
    queryClient
      .fetchQuery({ ...getNotificationsQueryOptions(), staleTime: 0 })
      .then((list) => {
        const unread = list.filter((item) => !item.isRead).map((item) => item.id);
        if (!cancelled && unread.length > 0) mutate(unread);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [queryClient, mutate]);

  const list = notifications.data;
  if (!list && notifications.isError) {
    return (
      <Alert color="red" variant="light">
        {notificationsMessages.failed}
      </Alert>
    );
  }
  if (!list) return <Loader size="sm" role="status" aria-label={notificationsMessages.title} />;
  if (list.length === 0) return <Text c="dimmed">{notificationsMessages.empty}</Text>;

  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="compact-xs" variant="subtle" onClick={() => setConfirmingClear(true)}>
          {notificationsMessages.clearAll}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmingClear}
        title={notificationsMessages.clearAllTitle}
        confirmLabel={notificationsMessages.clearAll}
        destructive
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() => {
          setConfirmingClear(false);
          clear.mutate();
        }}
      >
        {notificationsMessages.clearAllConsequence}
      </ConfirmDialog>
      <ul className={classes.list} aria-label={notificationsMessages.title}>
        {list.map((item) => (
          <NotificationItem key={item.id} item={item} {...(onNavigate ? { onNavigate } : {})} />
        ))}
      </ul>
    </Stack>
  );
}

function NotificationItem({ item, onNavigate }: { item: Notification; onNavigate?: () => void }) {
  const router = useRouter();
  const appearance = notificationAppearance(item.type);
  const href = notificationHref(item.metadata);
  const when = new Date(item.createdOnUnixMs).toLocaleString();
  return (
    <li className={classes.item} data-unread={!item.isRead || undefined}>
      <span
        className={classes.icon}
        style={{ color: `var(--mantine-color-${appearance.color}-text)` }}
      >
        <Icon
          name={appearance.icon}
          size={20}
          title={appearance.label}
          className={appearance.spins ? classes.spin : undefined}
        />
      </span>
      <div className={classes.body}>
        {href ? (
          <Anchor
            href={href}
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              router.history.push(href);
              onNavigate?.();
            }}
          >
            {item.label}
          </Anchor>
        ) : (
          <Text size="sm">{item.label}</Text>
        )}
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </div>
    </li>
  );
}
