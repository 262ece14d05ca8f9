import { Alert, Box, Card, Center, Group, Loader, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { WhenVisible } from '../../../components/when-visible/when-visible';
import { routePath } from '../../../lib/route-paths';
import { fleetMessages } from '../fleet-messages';
import { getFleetClusters } from '../api/get-fleet-clusters';
import { unmercator, viewQuery, type MapView } from '../utils/fleet-map';
import {
  MAP_AFTER_QUIET_MS,
  MAP_OFFLINE_COLOR,
  MAP_ONLINE_COLOR,
  webglAvailable,
} from '../utils/map-location';
import { FleetMapPreview } from './fleet-map-preview';
import previewClasses from './fleet-map-preview.module.css';
import { MapBoundary, WhenMapDrawable } from './map/map-boundary';
import classes from './fleet.module.css';

const texts = fleetMessages.map;
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

type ViewBox = typeof WORLD & { zoom: number };

// NOTE: MapLibre (about 1 MB) and the fleet's points load only when the card comes into view:
// /home's first screen does not wait for them (docs/performance.md, bundle budgets).
const FleetMap = lazy(() =>
  import('./map/device-map').then((module) => ({ default: module.FleetMap })),
);

/** Does `action` once, when shown (a browser that cannot draw the WebGL map). */
function Run({ action }: { action: () => void }) {
  useEffect(action, [action]);
  return null;
}

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

/** How long after the user last moved the first view the page counts as busy. */
const GESTURE_BUSY_MS = 1500;
/** A moved first view asks for its clusters once it has stayed still this long. */
const VIEW_SETTLE_MS = 200;

/**
 * The count, the first view and the WebGL map. The whole fleet at zoom 0 is asked at once: its
 * total is the count, its box the map's first view, and its clusters are drawn at once without
 * WebGL ({@link FleetMapPreview}), which is a map of its own: moved, zoomed and clicked, asking
 * each view's clusters of the server. The WebGL map starts underneath once the page has been
 * quiet for MAP_AFTER_QUIET_MS (as the device page's map) and the user has left the first view
 * still that long; it opens in the first view's view and takes over once it has drawn the fleet.
 */
function FleetMapArea({
  onlineOnly,
  loading,
  notAvailable,
  canDrawMap,
  onUnavailable,
}: {
  onlineOnly: boolean;
  loading: ReactNode;
  notAvailable: ReactNode;
  canDrawMap: () => boolean;
  onUnavailable: () => void;
}) {
  const navigate = useNavigate();
  const fleet = useQuery({
    queryKey: ['devices', 'map', 'fleet', onlineOnly],
    queryFn: ({ signal }) => getFleetClusters(viewQuery(WORLD, 0, onlineOnly), signal),
    staleTime: 10_000,
  });
  const [shown, setShown] = useState<{ onlineOnly: boolean; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [mapDrawn, setMapDrawn] = useState(false);
  // The first view's view once the user moved it (null: fitted to the fleet), and its box.
  const [moved, setMoved] = useState<{ view: MapView; query: ViewBox } | null>(null);
  const lastGesture = useRef(Number.NEGATIVE_INFINITY);
  const over = useRef<HTMLDivElement>(null);
  const [settled] = useDebouncedValue(moved?.query ?? null, VIEW_SETTLE_MS);
  const viewAnswer = useQuery({
    queryKey: ['devices', 'map', 'view', settled, onlineOnly],
    queryFn: ({ signal }) =>
      getFleetClusters(viewQuery(settled ?? WORLD, settled?.zoom ?? 0, onlineOnly), signal),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  if (failed || (fleet.isError && !shown)) return <Alert color="red">{texts.loadFailed}</Alert>;
  // The count of the filter on screen (the map's latest answer, else the fleet's): while the
  // other filter's answer is on its way, it says it is loading.
  const total = shown?.onlineOnly === onlineOnly ? shown.total : (fleet.data?.total ?? null);
  const preview = fleet.data ? (
    <FleetMapPreview
      fleet={fleet.data}
      shown={moved && viewAnswer.data ? viewAnswer.data : fleet.data}
      view={moved?.view ?? null}
      onView={(view, box) => {
        lastGesture.current = performance.now();
        setMoved({ view, query: { ...box, zoom: view.zoom } });
      }}
      onOpenDevice={(id) => void navigate({ to: routePath('deviceOverview', { id }) })}
      settled={
        !moved || (settled === moved.query && viewAnswer.isSuccess && !viewAnswer.isPlaceholderData)
      }
    />
  ) : (
    loading
  );
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
      <MapBoundary fallback={notAvailable}>
        {/* The first view keeps its place (and the focus) while the WebGL map starts under it. */}
        <div className={previewClasses.stack}>
          {mapDrawn ? null : (
            <div ref={over} className={previewClasses.over}>
              {preview}
            </div>
          )}
          <WhenVisible
            placeholder={null}
            className={previewClasses.slot}
            quietMs={MAP_AFTER_QUIET_MS}
            isBusy={() => performance.now() - lastGesture.current < GESTURE_BUSY_MS}
            revealOnInteraction={false}
          >
            <WhenMapDrawable canDrawMap={canDrawMap} fallback={<Run action={onUnavailable} />}>
              <Suspense fallback={null}>
                <div role="region" aria-label={texts.mapLabel}>
                  <FleetMap
                    onlineOnly={onlineOnly}
                    fleet={fleet.data ?? null}
                    startView={() =>
                      moved
                        ? {
                            center: unmercator(moved.view.center[0], moved.view.center[1]),
                            zoom: moved.view.zoom,
                          }
                        : null
                    }
                    onTotal={(n) => setShown({ onlineOnly, total: n })}
                    onDrawn={(canvas) => {
                      // The keys go on to the map that takes the first view's place.
                      if (over.current?.contains(document.activeElement)) canvas.focus();
                      setMapDrawn(true);
                    }}
                    onLoadFailed={() => setFailed(true)}
                    onOpenDevice={(id) =>
                      void navigate({ to: routePath('deviceOverview', { id }) })
                    }
                    onUnavailable={onUnavailable}
                  />
                </div>
              </Suspense>
            </WhenMapDrawable>
          </WhenVisible>
        </div>
      </MapBoundary>
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
        <FleetMapArea
          onlineOnly={onlineOnly}
          loading={loading}
          notAvailable={notAvailable}
          canDrawMap={canDrawMap}
          onUnavailable={() => setUnavailable(true)}
        />
      )}
      <Legend />
    </Card>
  );
}
