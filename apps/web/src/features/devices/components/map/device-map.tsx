import { Button, Group, useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// NOTE: MapLibre 6 in a bundler needs its worker as an asset URL (MapLibre's v5→v6 guide).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import { deviceMessages } from '../../messages';
import { MAP_INITIAL_ZOOM, MAP_ZOOM_IN } from '../../utils/map-location';
import { loadCountries } from './basemap';
import classes from './device-map.module.css';

maplibregl.setWorkerUrl(workerUrl);

/** Spec 001 §9: map readiness is retried every 1000 ms. */
const READY_RETRY_MS = 1000;
const READY_ATTEMPTS = 5;

type Basemap = 'light' | 'dark';

/** The basemap's colours in each colour scheme: sea, land and borders. */
const palettes: Record<Basemap, { sea: string; land: string; borders: string }> = {
  light: { sea: '#cde4ec', land: '#f4f1e8', borders: '#9aa9ad' },
  dark: { sea: '#14232b', land: '#343a40', borders: '#6b7780' },
};

/** The offline style: sea, land and borders from the bundled countries; no glyphs, no tiles. */
function basemapStyle(basemap: Basemap): maplibregl.StyleSpecification {
  const palette = palettes[basemap];
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': palette.sea } },
      {
        id: 'land',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': palette.land, 'fill-antialias': true },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': palette.borders, 'line-width': 0.8 },
      },
    ],
  };
}

/** Recolours a drawn map when the colour scheme changes (the map itself stays). */
function recolour(map: maplibregl.Map, basemap: Basemap): void {
  const palette = palettes[basemap];
  map.setPaintProperty('sea', 'background-color', palette.sea);
  map.setPaintProperty('land', 'fill-color', palette.land);
  map.setPaintProperty('borders', 'line-color', palette.borders);
}

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
          attributionControl: { compact: true, customAttribution: 'Natural Earth' },
          cooperativeGestures: false,
          locale: { 'Map.Title': deviceMessages.overview.map.title },
        });
        mapRef.current = map;
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        marker = new maplibregl.Marker({ color }).setLngLat([longitude, latitude]).addTo(map);
        marker.getElement().setAttribute('aria-label', label);
        marker.getElement().setAttribute('role', 'img');
        map.once('load', () => {
          loadCountries()
            .then((countries) => {
              if (cancelled) return;
              const source = map.getSource<maplibregl.GeoJSONSource>('countries');
              void source?.setData(countries);
            })
            // Without the basemap the pin still shows on the sea colour.
            .catch(() => undefined);
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
