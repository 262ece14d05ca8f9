import type { AccessStats } from '@aerie/contract';
import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../../lib/config';
import { monthlyActiveUsers, useAccessStats } from '../api/get-access-stats';
import { shellPageMessages } from '../messages';
import classes from './home.module.css';
import { formatCount } from '../../../lib/format-count';

const m = shellPageMessages.home;

interface StatTile {
  id: string;
  label: string;
  value: number;
  note?: string;
}

/** The package with the most active subscriptions, for the tile's note. */
function topEntry(counts: Record<string, number>): [string, number] | null {
  let best: [string, number] | null = null;
  for (const entry of Object.entries(counts)) if (!best || entry[1] > best[1]) best = entry;
  return best;
}

/**
 * The tiles of `GET /v2/info/accessStats` (spec 002 §2): the server answers null for the
 * Paused Devices, Monthly Active Users and Accounts figures to roles other than Super User and
 * {brand} Admin, and those tiles are then left out.
 */
export function statTiles(stats: AccessStats, brand: string): StatTile[] {
  const tiles: StatTile[] = [
    { id: 'satelliteOnline', label: m.tiles.satelliteOnline, value: stats.satelliteOnlineDevices },
    { id: 'cellularOnline', label: m.tiles.cellularOnline, value: stats.cellularOnlineDevices },
    { id: 'privateDevices', label: m.tiles.privateDevices, value: stats.privateDevices },
  ];
  if (stats.pausedDevices !== null)
    tiles.push({
      id: 'pausedDevices',
      label: m.tiles.pausedDevices,
      value: stats.pausedDevices,
      note: m.tileNotes.pausedDevices,
    });
  const top = topEntry(stats.activeSubscriptionsBreakdown);
  tiles.push({
    id: 'activeSubscriptions',
    label: m.tiles.activeSubscriptions,
    value: stats.activeSubscriptions,
    ...(top ? { note: m.tileNotes.topPackage(top[0], top[1]) } : {}),
  });
  const users = monthlyActiveUsers(stats, brand);
  if (users)
    tiles.push({
      id: 'monthlyActiveUsers',
      label: m.tiles.monthlyActiveUsers,
      value: users.staff + users.others,
      note: m.tileNotes.monthlyActiveUsers(users.staff, users.others, brand),
    });
  if (stats.totalAccounts !== null)
    tiles.push({
      id: 'accounts',
      label: m.tiles.accounts,
      value: stats.totalAccounts,
      ...(stats.accountsWithConfiguratorAccess !== null
        ? { note: m.tileNotes.accounts(stats.accountsWithConfiguratorAccess) }
        : {}),
    });
  return tiles;
}

/** The overview tiles of the home page. */
export function AccessStatsTiles() {
  const { brand } = useRuntimeConfig();
  const stats = useAccessStats();
  if (stats.isError) return <Alert color="red">{m.statsFailed}</Alert>;
  const tiles = stats.data ? statTiles(stats.data, brand) : null;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, sm: 3, lg: tiles && tiles.length > 5 ? 7 : 4 }}
      spacing="sm"
      role="list"
      aria-label={m.overviewLabel}
    >
      {tiles
        ? tiles.map((tile) => (
            <Card
              key={tile.id}
              withBorder
              padding="md"
              radius="md"
              role="listitem"
              data-testid={`tile-${tile.id}`}
            >
              <Text size="sm" fw={500}>
                {tile.label}
              </Text>
              <Text className={classes.value} mt={6}>
                {formatCount(tile.value)}
              </Text>
              {tile.note ? (
                <Text size="xs" c="dimmed" mt={2}>
                  {tile.note}
                </Text>
              ) : null}
            </Card>
          ))
        : [0, 1, 2, 3].map((i) => <Skeleton key={i} height={96} radius="md" />)}
    </SimpleGrid>
  );
}
