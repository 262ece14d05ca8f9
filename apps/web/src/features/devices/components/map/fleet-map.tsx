import { useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// NOTE: MapLibre 6 in a bundler needs its worker as an asset URL (MapLibre's v5→v6 guide).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FleetMapPoint } from '@aerie/contract';
import { useEffect, useRef } from 'react';
import { fleetMessages } from '../../fleet-messages';
import { MAP_OFFLINE_COLOR, MAP_ONLINE_COLOR } from '../../utils/map-location';
import {
  FLEET_CLUSTER_MAX_ZOOM,
  FLEET_CLUSTER_RADIUS,
  FLEET_MAP_RETRY_MS,
  fleetBounds,
  fleetFeatures,
} from '../../utils/fleet-map';
import { fillBasemap } from './basemap-data';
import { basemapStyle, recolour, type Basemap } from './basemap-style';
import classes from './device-map.module.css';

maplibregl.setWorkerUrl(workerUrl);

const texts = fleetMessages.map;
const SOURCE = 'fleet';
const START_ATTEMPTS = 5;
/** Spec 002 §9: cluster colours change at 100 and 750 devices. */
const CLUSTER_STEPS: maplibregl.ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  '#7cc4e4',
  100,
  '#f2c94c',
  750,
  '#e58fb6',
];
/** Spec 002 §9: radius steps at the same counts. */
const CLUSTER_RADIUS: maplibregl.ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  17,
  100,
  23,
  750,
  30,
];
/** The share of a cluster's devices that are offline (0..1). */
const OFFLINE_SHARE: maplibregl.ExpressionSpecification = [
  '/',
  ['get', 'offline'],
  ['get', 'point_count'],
];

/** The fleet's source and layers on top of the offline basemap. */
function addFleetLayers(map: maplibregl.Map): void {
  map.addSource(SOURCE, {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    cluster: true,
    clusterMaxZoom: FLEET_CLUSTER_MAX_ZOOM,
    clusterRadius: FLEET_CLUSTER_RADIUS,
    // Each cluster counts its offline devices: the red disk inside it shows their share.
    clusterProperties: { offline: ['+', ['-', 1, ['get', 'online']]] },
  });
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': CLUSTER_STEPS,
      'circle-radius': CLUSTER_RADIUS,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
      'circle-opacity': 0.92,
    },
  });
  // The offline share as an area: a red disk whose area is that share of the cluster's.
  map.addLayer({
    id: 'cluster-offline',
    type: 'circle',
    source: SOURCE,
    filter: ['all', ['has', 'point_count'], ['>', ['get', 'offline'], 0]],
    paint: {
      'circle-color': MAP_OFFLINE_COLOR,
      'circle-radius': ['*', CLUSTER_RADIUS, ['sqrt', OFFLINE_SHARE]],
      'circle-opacity': 0.85,
    },
  });
  map.addLayer({
    id: 'cluster-count',
    type: 'symbol',
    source: SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': ['Roboto Medium'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#1a1b1e', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
  });
  map.addLayer({
    id: 'devices',
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': ['case', ['==', ['get', 'online'], 1], MAP_ONLINE_COLOR, MAP_OFFLINE_COLOR],
      'circle-radius': 6,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
}

export interface FleetMapProps {
  /** Null while they download: the map starts meanwhile and is seeded when they arrive. */
  points: readonly FleetMapPoint[] | null;
  onlineOnly: boolean;
  /** A device was clicked: open it. */
  onOpenDevice: (id: string) => void;
  /** The map could not be drawn: the card shows 'Map not available.'. */
  onUnavailable: () => void;
}

/**
 * The fleet on the offline WebGL map (spec 002 §2 "Home"), clustered in the browser: a cluster
 * zooms in when clicked, a device opens. Loaded lazily (MapLibre is ~1 MB).
 */
export function FleetMap({ points, onlineOnly, onOpenDevice, onUnavailable }: FleetMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const failed = useRef(onUnavailable);
  failed.current = onUnavailable;
  const open = useRef(onOpenDevice);
  open.current = onOpenDevice;
  const basemap: Basemap = useComputedColorScheme('light');
  const initialBasemap = useRef(basemap);
  initialBasemap.current = basemap;
  const fitted = useRef(false);
  /** The latest seed, and what puts it on the map once the map is ready. */
  const seedRef = useRef<(() => boolean) | null>(null);

  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const create = (attempt: number) => {
      const element = container.current;
      if (cancelled || !element) return;
      try {
        const map = new maplibregl.Map({
          container: element,
          style: basemapStyle(initialBasemap.current),
          center: [0, 20],
          zoom: 1,
          attributionControl: { compact: true, customAttribution: texts.attribution },
          cooperativeGestures: false,
          fadeDuration: 0,
          renderWorldCopies: false,
          locale: { 'Map.Title': texts.mapLabel },
        });
        mapRef.current = map;
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
        map.once('load', () => {
          if (cancelled) return;
          // NOTE: a fleet is seen from far out: the graticule's degree labels crowd the edges
          // of a world view, so they start at zoom 4 here (the device map starts at 8).
          map.setLayerZoomRange('graticule-labels', 4, 24);
          addFleetLayers(map);
          seedRef.current?.();
          fillBasemap(map, () => cancelled);
        });
        map.on('click', 'clusters', (event) => {
          const feature = event.features?.[0];
          const id = feature?.properties['cluster_id'] as number | undefined;
          if (!feature || id === undefined || feature.geometry.type !== 'Point') return;
          const center = feature.geometry.coordinates as [number, number];
          void map
            .getSource<maplibregl.GeoJSONSource>(SOURCE)
            ?.getClusterExpansionZoom(id)
            .then((zoom) => map.easeTo({ center, zoom }));
        });
        map.on('click', 'devices', (event) => {
          const id: unknown = event.features?.[0]?.properties['id'];
          if (typeof id === 'string') open.current(id);
        });
        for (const layer of ['clusters', 'devices']) {
          map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
          map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
        }
        // What the map shows once it settles, on the container: browser tests read it (a
        // canvas has no text to query), and click a cluster or a device where it is drawn.
        map.on('idle', () => {
          if (!map.getLayer('clusters')) return;
          const clusters = map.queryRenderedFeatures({ layers: ['clusters'] });
          const devices = map.queryRenderedFeatures({ layers: ['devices'] });
          const at = (f: maplibregl.MapGeoJSONFeature | undefined) => {
            if (f?.geometry.type !== 'Point') return '';
            const p = map.project(f.geometry.coordinates as [number, number]);
            return `${Math.round(p.x)},${Math.round(p.y)}`;
          };
          element.dataset.clusters = String(clusters.length);
          element.dataset.devices = String(devices.length);
          element.dataset.firstCluster = at(clusters[0]);
          element.dataset.firstDevice = at(devices[0]);
          element.dataset.zoom = map.getZoom().toFixed(2);
        });
      } catch {
        if (attempt + 1 < START_ATTEMPTS) retry = setTimeout(() => create(attempt + 1), 1000);
        else failed.current();
      }
    };
    create(0);

    return () => {
      cancelled = true;
      if (retry) clearTimeout(retry);
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, []);

  // Spec 002 §2: the map is reseeded when loading finishes or the online-only flag changes,
  // once it is ready: at once when its layers are added, else checked again every second.
  useEffect(() => {
    if (points === null) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const features = fleetFeatures(points, onlineOnly);
    const seed = (): boolean => {
      const map = mapRef.current;
      const source = map?.getSource<maplibregl.GeoJSONSource>(SOURCE);
      if (!map || !source) return false;
      void source.setData(features);
      const element = container.current;
      if (element) {
        // What the map showed is stale until it settles with the new data (browser tests).
        for (const key of ['clusters', 'devices', 'firstCluster', 'firstDevice'])
          delete element.dataset[key];
        element.dataset.seeded = String(features.features.length);
      }
      if (!fitted.current) {
        const bounds = fleetBounds(points);
        if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 8, duration: 0 });
        fitted.current = bounds !== null;
      }
      return true;
    };
    seedRef.current = seed;
    const attempt = () => {
      if (!seed()) retry = setTimeout(attempt, FLEET_MAP_RETRY_MS);
    };
    attempt();
    return () => {
      seedRef.current = null;
      if (retry) clearTimeout(retry);
    };
  }, [points, onlineOnly]);

  useEffect(() => {
    const map = mapRef.current;
    if (map?.isStyleLoaded()) recolour(map, basemap);
    else map?.once('load', () => recolour(map, basemap));
  }, [basemap]);

  return (
    <div
      ref={container}
      className={`${classes.map} ${classes.fleet}`}
      data-testid="fleet-map"
      data-basemap={basemap}
    />
  );
}
