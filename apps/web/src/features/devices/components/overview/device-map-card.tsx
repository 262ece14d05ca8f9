import type { Device } from '@aerie/contract';
import { Alert, Box, Group, SimpleGrid, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { deviceMessages } from '../../messages';
import { useNow } from '../../../../lib/use-now';
import { formatLocationUpdated, isNeverUpdated, onlineState } from '../../utils/device-display';
import {
  MAP_AFTER_QUIET_MS,
  MAP_OFFLINE_COLOR,
  MAP_ONLINE_COLOR,
  mapLocation,
  pinColor,
  webglAvailable,
} from '../../utils/map-location';
import { OverviewCard } from './overview-card';
import { MapBoundary, WhenMapDrawable } from '../map/map-boundary';
import classes from './overview.module.css';
import { WhenVisible } from '../../../../components/when-visible/when-visible';

const texts = deviceMessages.overview.map;
const states = deviceMessages.overview.network.states;

// NOTE: MapLibre (about 1 MB) loads only when a map is drawn, so it never delays the page.
const DeviceMap = lazy(() =>
  import('../map/device-map').then((module) => ({ default: module.DeviceMap })),
);

/**
 * The map's place until it starts: the sea colour with the pin where the map will put it, at
 * the size of the map and its buttons, so nothing moves when the map replaces it.
 */
function MapPreview({ color, label }: { color: string; label: string }) {
  return (
    <div className={classes.grow} data-testid="map-preview">
      <div className={classes.mapPreview} role="img" aria-label={label}>
        <svg className={classes.previewPin} viewBox="0 0 27 41" aria-hidden="true">
          <path
            fill={color}
            d="M13.5 0C6 0 0 6 0 13.4 0 23.5 13.5 41 13.5 41S27 23.5 27 13.4C27 6 21 0 13.5 0Z"
          />
          <circle cx="13.5" cy="13.5" r="5.5" fill="#fff" />
        </svg>
      </div>
      <div className={classes.previewControls} />
    </div>
  );
}

function MapMessage({ children }: { children: string }) {
  return (
    <Alert color="gray" variant="light" data-testid="map-message">
      {children}
    </Alert>
  );
}

/**
 * One network's location (spec 001 §2): its online state and 'Location Updated', or, when the
 * network never reported a location (empty or the epoch), says so plainly with 'Never' instead
 * of an online state that the missing location would contradict.
 */
function LocationStatus(props: {
  label: string;
  network: 'satellite' | 'cellular';
  online: boolean | null;
  updatedOn: string | null;
}) {
  const state = onlineState(props.online);
  const now = useNow();
  const never = isNeverUpdated(props.updatedOn);
  return (
    <Box role="group" aria-label={props.label} data-testid={`${props.network}-location`}>
      <Text size="sm" fw={700}>
        {props.label}
      </Text>
      {never ? (
        <Text size="sm">{texts.noLocation(props.network)}</Text>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Box
            w={10}
            h={10}
            style={{ borderRadius: '50%', flex: 'none' }}
            bg={
              state === 'online'
                ? MAP_ONLINE_COLOR
                : state === 'offline'
                  ? MAP_OFFLINE_COLOR
                  : 'gray.5'
            }
            aria-hidden
          />
          <Text size="sm">{states[state]}</Text>
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {texts.locationUpdated}: {formatLocationUpdated(props.updatedOn, now)}
      </Text>
    </Box>
  );
}

export interface DeviceMapCardProps {
  device: Pick<Device, 'name' | 'location' | 'networkStatus'>;
  /** Overridable for tests; defaults to a WebGL check. */
  canDrawMap?: () => boolean;
  /** The card takes the height left in its column, and the map grows into it. */
  grow?: boolean;
}

/** The map card: the device's pin, or why there is none, and the location status per network. */
export function DeviceMapCard({
  device,
  canDrawMap = webglAvailable,
  grow = false,
}: DeviceMapCardProps) {
  const location = mapLocation(device.location);
  const queryClient = useQueryClient();
  const [unavailable, setUnavailable] = useState(false);
  const online =
    device.networkStatus.satelliteOnline === true || device.networkStatus.cellularOnline === true;
  const notAvailable = <MapMessage>{texts.notAvailable}</MapMessage>;
  const preview = (
    <MapPreview color={pinColor(device.networkStatus)} label={texts.pin(device.name, online)} />
  );

  let map: ReactNode;
  if (location.kind === 'missing') map = <MapMessage>{texts.missing}</MapMessage>;
  else if (location.kind === 'nullIsland') map = <MapMessage>{texts.nullIsland}</MapMessage>;
  else if (unavailable) map = notAvailable;
  else
    map = (
      <MapBoundary fallback={notAvailable}>
        {/* The map (its chunk, its labels and a WebGL context) once the card is near the
            viewport and the page has been quiet a while (no long task, no request in flight),
            or at once when pointed at: below the fold on a phone it waits for a scroll, above
            it for the page's load to end. */}
        <WhenVisible
          placeholder={preview}
          quietMs={MAP_AFTER_QUIET_MS}
          // The page's requests (the list under the pane) still in flight: not quiet yet.
          isBusy={() => queryClient.isFetching() > 0}
          className={classes.grow}
        >
          <WhenMapDrawable canDrawMap={canDrawMap} fallback={notAvailable}>
            <Suspense fallback={preview}>
              <div role="region" aria-label={texts.mapLabel} className={classes.grow}>
                <DeviceMap
                  latitude={location.latitude}
                  longitude={location.longitude}
                  color={pinColor(device.networkStatus)}
                  label={texts.pin(device.name, online)}
                  onUnavailable={() => setUnavailable(true)}
                />
              </div>
            </Suspense>
          </WhenMapDrawable>
        </WhenVisible>
      </MapBoundary>
    );

  return (
    <OverviewCard title={texts.title} testId="map-card" grow={grow}>
      <div className={classes.grow}>{map}</div>
      {location.kind === 'located' ? (
        <Text size="xs" c="dimmed" mt="xs">
          {texts.coordinates}: {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
        </Text>
      ) : null}
      <SimpleGrid cols={2} mt="md" spacing="md">
        <LocationStatus
          label={texts.satelliteLocation}
          network="satellite"
          online={device.networkStatus.satelliteOnline}
          updatedOn={device.location.satelliteLocationUpdatedOn}
        />
        <LocationStatus
          label={texts.cellularLocation}
          network="cellular"
          online={device.networkStatus.cellularOnline}
          updatedOn={device.location.cellularLocationUpdatedOn}
        />
      </SimpleGrid>
    </OverviewCard>
  );
}
