import { Button, Group, useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// NOTE: MapLibre 6 in a bundler needs its worker as an asset URL (MapLibre's v5→v6 guide).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import { deviceMessages } from '../../messages';
import { MAP_INITIAL_ZOOM, MAP_ZOOM_IN } from '../../utils/map-location';
import { fillBasemap } from './basemap-data';
import { basemapStyle, recolour, type Basemap } from './basemap-style';
import classes from './device-map.module.css';

maplibregl.setWorkerUrl(workerUrl);

/** Spec 001 §9: map readiness is retried every 1000 ms. */
const READY_RETRY_MS = 1000;
const READY_ATTEMPTS = 5;

export interface DeviceMapProps {
  latitude: number;
  longitude: number;
  /** Pin colour: green online, red offline. */
  color: string;
  /** What the pin stands for, for assistive technology. */
  label: string;
  /** The map could not be drawn: the card then shows 'Map not available.'. */
  onUnavailable: () => void;
}

/** The device's position on an offline WebGL map (loaded lazily: see device-map-card). */
export function DeviceMap({ latitude, longitude, color, label, onUnavailable }: DeviceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const failed = useRef(onUnavailable);
  failed.current = onUnavailable;
  // The dark basemap in the dark theme; the map is made once and recoloured on a change.
  const basemap: Basemap = useComputedColorScheme('light');
  const initialBasemap = useRef(basemap);
  initialBasemap.current = basemap;

  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let marker: maplibregl.Marker | undefined;

    const create = (attempt: number) => {
      const element = container.current;
      if (cancelled || !element) return;
      try {
        const map = new maplibregl.Map({
          container: element,
          style: basemapStyle(initialBasemap.current),
          center: [longitude, latitude],
          zoom: MAP_INITIAL_ZOOM,
          attributionControl: {
            compact: true,
            customAttribution: deviceMessages.overview.map.attribution,
          },
          cooperativeGestures: false,
          // Labels appear at once: no fade frames to draw (WebGL may be software-rendered).
          fadeDuration: 0,
          locale: { 'Map.Title': deviceMessages.overview.map.title },
        });
        mapRef.current = map;
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        marker = new maplibregl.Marker({ color }).setLngLat([longitude, latitude]).addTo(map);
        marker.getElement().setAttribute('aria-label', label);
        marker.getElement().setAttribute('role', 'img');
        map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
        // What the map shows of its labels, named on the container once it settles: the
        // browser tests read it (a canvas has no text to query).
        map.on('idle', () => {
          const shown = (layers: string[]) =>
            [
              ...new Set(
                map.queryRenderedFeatures({ layers }).map((f) => String(f.properties['name'])),
              ),
            ].join('|');
          element.dataset.placeLabels = shown(['place-labels']);
          element.dataset.countryLabels = shown(['country-labels', 'country-names']);
        });
        map.once('load', () => {
          fillBasemap(map, () => cancelled);
        });
      } catch {
        if (attempt + 1 < READY_ATTEMPTS) {
          retry = setTimeout(() => create(attempt + 1), READY_RETRY_MS);
        } else {
          failed.current();
        }
      }
    };
    create(0);

    return () => {
      cancelled = true;
      if (retry) clearTimeout(retry);
      marker?.remove();
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [latitude, longitude, color, label]);

  useEffect(() => {
    const map = mapRef.current;
    if (map?.isStyleLoaded()) recolour(map, basemap);
    else map?.once('load', () => recolour(map, basemap));
  }, [basemap]);

  const flyTo = (zoom: number) =>
    mapRef.current?.flyTo({ center: [longitude, latitude], zoom, essential: true });

  return (
    <div className={classes.wrapper}>
      <div
        ref={container}
        className={classes.map}
        data-testid="device-map"
        data-basemap={basemap}
        data-zoom-initial={MAP_INITIAL_ZOOM}
      />
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="light" onClick={() => flyTo(MAP_ZOOM_IN)}>
          {deviceMessages.overview.map.zoomIn}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => flyTo(MAP_INITIAL_ZOOM)}>
          {deviceMessages.overview.map.resetZoom}
        </Button>
      </Group>
    </div>
  );
}

// NOTE: the fleet map is reached through this module, so MapLibre stays in one lazy chunk (the
// device map's, with its own bundle budget) instead of a shared chunk of both maps.
export { FleetMap } from './fleet-map';
