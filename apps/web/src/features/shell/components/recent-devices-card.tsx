import { RECENT_DEVICES_SHOWN } from '@aerie/contract';
import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatTimeAgo } from '../../../lib/dates';
import { routePath } from '../../../lib/route-paths';
import { useNow } from '../../../lib/use-now';
import { useRecentItems } from '../api/recent-items';
import { shellPageMessages } from '../messages';

const m = shellPageMessages.home;

/** The devices the user opened last (spec 002 §2): newest first, each to deviceOverview. */
export function RecentDevicesCard() {
  const recent = useRecentItems('device');
  const now = useNow();
  const items = recent.data?.slice(0, RECENT_DEVICES_SHOWN);
  return (
    <Card withBorder padding="lg" radius="md" data-testid="recent-devices">
      <Title order={2} size="h4" mb="sm">
        {m.recentTitle}
      </Title>
      {recent.isError ? (
        <Alert color="red">{m.recentFailed}</Alert>
      ) : !items ? (
        <Stack gap="xs">
          <Skeleton height={18} />
          <Skeleton height={18} />
        </Stack>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.recentEmpty}
        </Text>
      ) : (
        <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Anchor
                size="sm"
                truncate
                renderRoot={(props) => (
                  <Link {...props} to={routePath('deviceOverview', { id: item.id })} />
                )}
              >
                {item.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {formatTimeAgo(item.ts, now)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
