import type { DeviceState, FleetSummary as FleetSummaryFigures } from '@aerie/contract';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from '../../../components/ui/icons';
import { routePath } from '../../../lib/route-paths';
import { useFleetSummary } from '../api/get-fleet-summary';
import { fleetMessages } from '../fleet-messages';
import classes from './fleet.module.css';

const m = fleetMessages;

interface Tile {
  key: keyof FleetSummaryFigures;
  /** The list's filter the tile opens; none for the total. */
  state: DeviceState | null;
  color: string;
  icon: IconName;
}

const FLEET_TILES: readonly Tile[] = [
  { key: 'online', state: 'Online', color: 'teal', icon: 'success' },
  { key: 'offline', state: 'Offline', color: 'red', icon: 'error' },
  { key: 'total', state: null, color: 'blue', icon: 'devices' },
];

const ATTENTION_TILES: readonly Tile[] = [
  { key: 'offlineOver24h', state: 'OfflineOver24h', color: 'red', icon: 'progress' },
  { key: 'syncPending', state: 'SyncPending', color: 'blue', icon: 'refresh' },
  { key: 'syncBlocked', state: 'SyncBlocked', color: 'orange', icon: 'warning' },
  { key: 'hubJobFailed', state: 'HubJobFailed', color: 'red', icon: 'jobs' },
];

function SummaryTile({ tile, value }: { tile: Tile; value: number }) {
  const label = m.states[tile.key];
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      className={classes.tile}
      renderRoot={(props) => (
        <Link
          {...props}
          to={routePath('devices')}
          search={tile.state ? { state: tile.state } : {}}
        />
      )}
      data-testid={`fleet-${tile.key}`}
    >
      <Group gap={8} wrap="nowrap" c={value > 0 ? tile.color : 'dimmed'}>
        <Icon name={tile.icon} size={18} />
        <Text size="sm" fw={500} c="var(--mantine-color-text)">
          {label}
        </Text>
      </Group>
      <Text className={classes.value} mt={6}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

function TileGrid({
  tiles,
  summary,
}: {
  tiles: readonly Tile[];
  summary: FleetSummaryFigures | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: tiles.length }} spacing="sm">
      {tiles.map((tile) =>
        summary ? (
          <SummaryTile key={tile.key} tile={tile} value={summary[tile.key]} />
        ) : (
          <Skeleton key={tile.key} height={92} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * The caller's fleet at a glance (issue 15): online, offline and total, and what needs
 * attention; each tile opens the device list with that state's filter in the address.
 */
export function FleetSummary() {
  const summary = useFleetSummary();
  if (summary.isError && !summary.data) return <Alert color="red">{m.loadFailed}</Alert>;
  const data = summary.data;
  const attention = data ? ATTENTION_TILES.reduce((n, t) => n + data[t.key], 0) : null;
  return (
    <Stack gap="md" role="region" aria-label={m.summaryLabel}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {m.summaryTitle}
        </Title>
        <TileGrid tiles={FLEET_TILES} summary={data} />
      </Stack>
      <Stack gap="xs">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4">
            {m.attentionTitle}
          </Title>
          {attention === 0 ? (
            <Text size="sm" c="dimmed">
              {m.allClear}
            </Text>
          ) : null}
        </Group>
        <TileGrid tiles={ATTENTION_TILES} summary={data} />
      </Stack>
    </Stack>
  );
}
