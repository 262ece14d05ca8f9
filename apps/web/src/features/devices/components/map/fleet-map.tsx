import { useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// NOTE: MapLibre 6 in a bundler needs its worker as an asset URL (MapLibre's v5→v6 guide).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import { useRuntimeConfig } from '../../../../lib/config';
import type { FleetClusters } from '@aerie/contract';
import { getFleetClusters } from '../../api/get-fleet-clusters';
import { fleetMessages } from '../../fleet-messages';
import { MAP_OFFLINE_COLOR, MAP_ONLINE_COLOR } from '../../utils/map-location';
import {
  CLUSTER_COLORS,
  CLUSTER_RADII,
  CLUSTER_STEP_COUNTS,
  FIRST_VIEW_FIT,
  FLEET_MAP_RETRY_MS,
  fleetBounds,
  fleetFeatures,
  viewQuery,
  type FleetFeatures,
} from '../../utils/fleet-map';
import { fillBasemap } from './basemap-data';
import { basemapStyle, recolour, type Basemap } from './basemap-style';
import classes from './device-map.module.css';

maplibregl.setWorkerUrl(workerUrl);

const texts = fleetMessages.map;
const SOURCE = 'fleet';
const START_ATTEMPTS = 5;
const EMPTY: FleetFeatures = { type: 'FeatureCollection', features: [] };
/** Spec 002 §9: cluster colours change at 100 and 750 devices. */
const CLUSTER_STEPS: maplibregl.ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  CLUSTER_COLORS[0],
  CLUSTER_STEP_COUNTS[0],
  CLUSTER_COLORS[1],
  CLUSTER_STEP_COUNTS[1],
  CLUSTER_COLORS[2],
];
/** Spec 002 §9: radius steps at the same counts. */
const CLUSTER_RADIUS: maplibregl.ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  CLUSTER_RADII[0],
  CLUSTER_STEP_COUNTS[0],
  CLUSTER_RADII[1],
  CLUSTER_STEP_COUNTS[1],
  CLUSTER_RADII[2],
];
/** The share of a cluster's devices that are offline (0..1). */
const OFFLINE_SHARE: maplibregl.ExpressionSpecification = [
  '/',
  ['get', 'offline'],
  ['get', 'point_count'],
];

/**
 * The fleet's source and layers on top of the offline basemap. The source holds what the server
 * clustered for the view (spec 002 §9: max zoom 14, radius 50; each cluster with its offline
 * devices, whose share the red disk inside it shows).
 */
function addFleetLayers(map: maplibregl.Map, data: FleetFeatures): void {
  map.addSource(SOURCE, { type: 'geojson', data });
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
  onlineOnly: boolean;
  /**
   * The whole fleet at zoom 0 when known as the map starts: its box is the first view, and its
   * clusters are drawn until the view's own arrive.
   */
  fleet: FleetClusters | null;
  /** How many devices the map shows (all of the fleet's, not only the view's), once known. */
  onTotal: (total: number) => void;
  /** The map's devices could not be loaded. */
  onLoadFailed: () => void;
  /**
   * Where the user moved the first view before the map took over (centre in degrees), or null:
   * the map opens there, and goes there before it first shows.
   */
  startView?: () => { center: [number, number]; zoom: number } | null;
  /** The map has drawn the fleet and the land for the first time, in the first view's view. */
  onDrawn?: (canvas: HTMLCanvasElement) => void;
  /** A device was clicked: open it. */
  onOpenDevice: (id: string) => void;
  /** The map could not be drawn: the card shows 'Map not available.'. */
  onUnavailable: () => void;
}

/**
 * The fleet on the offline WebGL map (spec 002 §2 "Home"), clustered on the server for each
 * view (decision 029 amendment): a cluster zooms in when clicked, a device opens. Loaded lazily
 * (MapLibre is ~1 MB).
 */
export function FleetMap({
  onlineOnly,
  fleet,
  onTotal,
  onLoadFailed,
  onDrawn,
  startView,
  onOpenDevice,
  onUnavailable,
}: FleetMapProps) {
  const { statusRefreshSeconds } = useRuntimeConfig();
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
  /** The filter of the zoom-0 answer drawn at load (a zoom-0 view needs no other), or null. */
  const worldShown = useRef<boolean | null>(null);
  const filter = useRef(onlineOnly);
  filter.current = onlineOnly;
  const knownFleet = useRef(fleet);
  knownFleet.current = fleet;
  const total = useRef(onTotal);
  total.current = onTotal;
  const loadFailed = useRef(onLoadFailed);
  loadFailed.current = onLoadFailed;
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  const userView = useRef(startView);
  userView.current = startView;
  /**
   * Asks for the view's clusters and seeds the map with them once it is ready; `again: false`
   * (a move) skips a view already answered.
   */
  const seedRef = useRef<((again?: boolean) => boolean) | null>(null);

  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const create = (attempt: number) => {
      const element = container.current;
      if (cancelled || !element) return;
      try {
        performance.mark('fleet-map:create');
        const first = fleetBounds(knownFleet.current?.bounds ?? null);
        const moved = userView.current?.() ?? null;
        fitted.current = first !== null || moved !== null;
        const map = new maplibregl.Map({
          container: element,
          style: basemapStyle(initialBasemap.current),
          ...(moved
            ? moved
            : first
              ? { bounds: first, fitBoundsOptions: FIRST_VIEW_FIT }
              : { center: [0, 20] as [number, number], zoom: 1 }),
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
          performance.mark('fleet-map:load');
          if (cancelled) return;
          // NOTE: a fleet is seen from far out: the graticule's degree labels crowd the edges
          // of a world view, so they start at zoom 4 here (the device map starts at 8).
          map.setLayerZoomRange('graticule-labels', 4, 24);
          const known = knownFleet.current;
          addFleetLayers(map, known ? fleetFeatures(known) : EMPTY);
          if (known) {
            element.dataset.seeded = String(known.total);
            worldShown.current = filter.current;
          }
          seedRef.current?.(false);
          fillBasemap(
            map,
            () => cancelled,
            () => (landSet = true),
          );
        });
        map.on('click', 'clusters', (event) => {
          const feature = event.features?.[0];
          const zoom = feature?.properties['expansion_zoom'] as number | undefined;
          if (!feature || zoom === undefined || feature.geometry.type !== 'Point') return;
          const center = feature.geometry.coordinates as [number, number];
          map.easeTo({ center, zoom });
        });
        // A move asks for the new view (the same view is not asked again).
        map.on('moveend', () => seedRef.current?.(false));
        map.on('click', 'devices', (event) => {
          const id: unknown = event.features?.[0]?.properties['id'];
          if (typeof id === 'string') open.current(id);
        });
        for (const layer of ['clusters', 'devices']) {
          map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
          map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
        }
        // The land's data handed to the map: the first 'idle' after it has the whole map drawn.
        let landSet = false;
        let whole = false;
        let jumped = false;
        // When the fleet first shows (ms since navigation, on the page's clock): the map answers
        // the pointer from its 'load' on, so this is when it is usable (bench/fleet-map).
        const markDrawn = () => {
          if (!map.getLayer('clusters') || !element.dataset.seeded) return;
          if (!map.isSourceLoaded(SOURCE)) return;
          element.dataset.drawnAtMs = String(Math.round(performance.now()));
          map.off('render', markDrawn);
        };
        map.on('render', markDrawn);
        // What the map shows once it settles, on the container: browser tests read it (a
        // canvas has no text to query), and click a cluster or a device where it is drawn.
        map.on('idle', () => {
          if (!map.getLayer('clusters')) return;
          if (landSet && element.dataset.seeded && !whole) {
            // The first view moved on while the map loaded: go there first (its 'moveend' asks
            // for that view's clusters, and the next 'idle' shows it). Once: MapLibre keeps the
            // world in the frame and may settle a little off the view asked.
            const moved = jumped ? null : userView.current?.();
            jumped = true;
            const center = map.getCenter();
            if (
              moved &&
              (Math.abs(moved.zoom - map.getZoom()) > 1e-6 ||
                Math.abs(moved.center[0] - center.lng) > 1e-9 ||
                Math.abs(moved.center[1] - center.lat) > 1e-9)
            ) {
              map.jumpTo(moved);
              return;
            }
            whole = true;
            drawn.current?.(map.getCanvas());
          }
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
  // once it is ready: at once when its layers are added, else checked again every second. It
  // also asks again when the view moves, and every `statusRefreshSeconds` (live state).
  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let asking: string | null = null;
    let shown = false;
    let answered: string | null = null;
    const seed = (again = true): boolean => {
      const map = mapRef.current;
      const source = map?.getSource<maplibregl.GeoJSONSource>(SOURCE);
      if (!map || !source) return false;
      const bounds = map.getBounds();
      const query = viewQuery(
        {
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        },
        map.getZoom(),
        onlineOnly,
      );
      // The same view asked twice in a row (two 'moveend's) is asked once.
      const key = JSON.stringify(query);
      if (controller && !controller.signal.aborted && asking === key) return true;
      if (!again && answered === key) return true;
      if (!again && query.zoom === '0' && worldShown.current === onlineOnly) return true;
      controller?.abort();
      const ask = new AbortController();
      controller = ask;
      asking = key;
      getFleetClusters(query, ask.signal).then(
        (answer) => {
          if (ask.signal.aborted) return;
          performance.mark('fleet-map:answer');
          asking = null;
          answered = key;
          shown = true;
          void source.setData(fleetFeatures(answer));
          total.current(answer.total);
          const element = container.current;
          if (element) {
            // What the map showed is stale until it settles with the new data (browser tests).
            for (const key of ['clusters', 'devices', 'firstCluster', 'firstDevice'])
              delete element.dataset[key];
            element.dataset.seeded = String(answer.total);
          }
          if (!fitted.current) {
            fitted.current = true;
            const first = fleetBounds(answer.bounds);
            // The fitted view's 'moveend' asks for its clusters.
            if (first) map.fitBounds(first, { ...FIRST_VIEW_FIT, duration: 0 });
          }
        },
        () => {
          if (ask.signal.aborted) return;
          asking = null;
          // A refresh that fails leaves the last view on the map.
          if (!shown) loadFailed.current();
        },
      );
      return true;
    };
    seedRef.current = seed;
    const attempt = () => {
      if (!seed(false)) retry = setTimeout(attempt, FLEET_MAP_RETRY_MS);
    };
    attempt();
    const refresh = setInterval(() => seedRef.current?.(), statusRefreshSeconds * 1000);
    return () => {
      seedRef.current = null;
      controller?.abort();
      clearInterval(refresh);
      if (retry) clearTimeout(retry);
    };
  }, [onlineOnly, statusRefreshSeconds]);

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
