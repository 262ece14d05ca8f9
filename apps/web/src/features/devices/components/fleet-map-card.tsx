import { Alert, Box, Card, Center, Group, Loader, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { WhenVisible } from '../../../components/when-visible/when-visible';
import { routePath } from '../../../lib/route-paths';
import { fleetMessages } from '../fleet-messages';
import { getFleetClusters } from '../api/get-fleet-clusters';
import { FLEET_MAP_AFTER_QUIET_MS, viewQuery } from '../utils/fleet-map';
import { MAP_OFFLINE_COLOR, MAP_ONLINE_COLOR, webglAvailable } from '../utils/map-location';
import { MapBoundary, WhenMapDrawable } from './map/map-boundary';
import classes from './fleet.module.css';

const texts = fleetMessages.map;
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

// NOTE: MapLibre (about 1 MB) and the fleet's points load only when the card comes into view:
// /home's first screen does not wait for them (docs/performance.md, bundle budgets).
const FleetMap = lazy(() =>
  import('./map/device-map').then((module) => ({ default: module.FleetMap })),
);

function Dot({ color }: { color: string }) {
  return <Box w={10} h={10} bg={color} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />;
}

function Legend() {
  return (
    <Group gap="md" mt="xs" aria-hidden>
      <Group gap={6}>
        <Dot color={MAP_ONLINE_COLOR} />
        <Text size="xs">{texts.legendOnline}</Text>
      </Group>
      <Group gap={6}>
        <Dot color={MAP_OFFLINE_COLOR} />
        <Text size="xs">{texts.legendOffline}</Text>
      </Group>
      <Group gap={6}>
        <Box className={classes.clusterSwatch} />
        <Text size="xs">{texts.legendCluster}</Text>
      </Group>
    </Group>
  );
}

/** The map once the card is in view, and how many devices it shows. */
function FleetMapLoader({
  onlineOnly,
  loading,
  onUnavailable,
}: {
  onlineOnly: boolean;
  loading: ReactNode;
  onUnavailable: () => void;
}) {
  const navigate = useNavigate();
  // The whole fleet at zoom 0, asked at once (beside the map's chunk): its count is the card's,
  // and its box the map's first view, so the map starts fitted to the fleet.
  const fleet = useQuery({
    queryKey: ['devices', 'map', 'fleet', onlineOnly],
    queryFn: ({ signal }) => getFleetClusters(viewQuery(WORLD, 0, onlineOnly), signal),
    staleTime: 10_000,
  });
  const [shown, setShown] = useState<{ onlineOnly: boolean; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  if (failed || (fleet.isError && !shown)) return <Alert color="red">{texts.loadFailed}</Alert>;
  // The count of the filter on screen (the map's latest answer, else the fleet's): while the
  // other filter's answer is on its way, it says it is loading.
  const total = shown?.onlineOnly === onlineOnly ? shown.total : (fleet.data?.total ?? null);
  return (
    <>
      <Text
        size="sm"
        c="dimmed"
        mb="xs"
        aria-live="polite"
        data-testid={total === null ? undefined : 'fleet-map-count'}
      >
        {total === null
          ? texts.loading
          : total > 0
            ? texts.shown(total)
            : onlineOnly
              ? texts.noneOnline
              : texts.empty}
      </Text>
      <Suspense fallback={loading}>
        <div role="region" aria-label={texts.mapLabel}>
          <FleetMap
            onlineOnly={onlineOnly}
            fleet={fleet.data ?? null}
            onTotal={(n) => setShown({ onlineOnly, total: n })}
            onLoadFailed={() => setFailed(true)}
            onOpenDevice={(id) => void navigate({ to: routePath('deviceOverview', { id }) })}
            onUnavailable={onUnavailable}
          />
        </div>
      </Suspense>
    </>
  );
}

export interface FleetMapCardProps {
  /** Overridable for tests; defaults to a WebGL check. */
  canDrawMap?: () => boolean;
}

/**
 * The home page's map of the fleet (spec 002 §2 "Home"): the devices that are not private and
 * have coordinates and a network status, clustered, with the online-only filter.
 */
export function FleetMapCard({ canDrawMap = webglAvailable }: FleetMapCardProps) {
  const [onlineOnly, setOnlineOnly] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const loading = (
    <Center h={420}>
      <Loader role="status" aria-label={texts.loading} />
    </Center>
  );
  const notAvailable = (
    <Alert color="gray" variant="light" data-testid="map-message">
      {texts.notAvailable}
    </Alert>
  );
  return (
    <Card withBorder padding="lg" radius="md" data-testid="fleet-map-card">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          {texts.title}
        </Title>
        <Switch
          label={texts.onlineOnly}
          checked={onlineOnly}
          onChange={(event) => setOnlineOnly(event.currentTarget.checked)}
        />
      </Group>
      {unavailable ? (
        notAvailable
      ) : (
        <MapBoundary fallback={notAvailable}>
          {/* Like the location map: once near the viewport and the page has been quiet a
              moment (no long task, no request in flight), or at once when pointed at, so that
              its chunk and WebGL context never compete with the home page's load. */}
          <WhenVisible placeholder={loading} quietMs={FLEET_MAP_AFTER_QUIET_MS}>
            <WhenMapDrawable canDrawMap={canDrawMap} fallback={notAvailable}>
              <FleetMapLoader
                onlineOnly={onlineOnly}
                loading={loading}
                onUnavailable={() => setUnavailable(true)}
              />
            </WhenMapDrawable>
          </WhenVisible>
        </MapBoundary>
      )}
      <Legend />
    </Card>
  );
}
