import type { FleetClusters, FleetClustersQuery } from '@aerie/contract';
import type { FeatureCollection, Point } from 'geojson';

/** Spec 002 §2: the map is retried every 1000 ms until it is ready. */
export const FLEET_MAP_RETRY_MS = 1000;

/** A single device on the map: its id, 1 online or 0 offline. */
export interface FleetDeviceProperties {
  id: string;
  online: 0 | 1;
}

/** A cluster: how many devices, how many offline, and the zoom at which it splits. */
export interface FleetClusterProperties {
  cluster: true;
  cluster_id: number;
  point_count: number;
  point_count_abbreviated: string;
  offline: number;
  expansion_zoom: number;
}

export type FleetFeatures = FeatureCollection<
  Point,
  FleetDeviceProperties | FleetClusterProperties
>;

/** A cluster's count as the map writes it: 1,234 as "1.2k", 12,345 as "12k" (as MapLibre). */
export function abbreviateCount(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

/** The server's clusters and devices of a view as GeoJSON for the map's source. */
export function fleetFeatures(answer: FleetClusters): FleetFeatures {
  const features: FleetFeatures['features'] = [];
  for (const [longitude, latitude, count, offline, expansionZoom, id] of answer.clusters) {
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: {
        cluster: true,
        cluster_id: id,
        point_count: count,
        point_count_abbreviated: abbreviateCount(count),
        offline,
        expansion_zoom: expansionZoom,
      },
    });
  }
  for (const [id, longitude, latitude, online] of answer.devices) {
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { id, online },
    });
  }
  return { type: 'FeatureCollection', features };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The query for what the map shows: its box (within the world) and its whole zoom. */
export function viewQuery(
  bounds: { west: number; south: number; east: number; north: number },
  zoom: number,
  onlineOnly: boolean,
): FleetClustersQuery {
  const round = (value: number) => String(Math.round(value * 1e5) / 1e5);
  return {
    zoom: String(clamp(Math.floor(zoom), 0, 24)),
    west: round(clamp(bounds.west, -180, 180)),
    south: round(clamp(bounds.south, -90, 90)),
    east: round(clamp(bounds.east, -180, 180)),
    north: round(clamp(bounds.north, -90, 90)),
    onlineOnly: String(onlineOnly),
  };
}

/**
 * The first view: the box round the fleet ([[west, south], [east, north]]), or null for none.
 * A fleet spread over more than half the world gets the inhabited world instead.
 */
export function fleetBounds(
  bounds: FleetClusters['bounds'],
): [[number, number], [number, number]] | null {
  if (!bounds) return null;
  const [west, south, east, north] = bounds;
  if (east - west > 180)
    return [
      [-170, Math.max(south, -60)],
      [170, Math.min(north, 75)],
    ];
  return [
    [west, south],
    [east, north],
  ];
}

/** Spec 002 §9: cluster colours and sizes change at 100 and 750 devices. */
export const CLUSTER_STEP_COUNTS = [100, 750] as const;
export const CLUSTER_COLORS = ['#7cc4e4', '#f2c94c', '#e58fb6'] as const;
export const CLUSTER_RADII = [17, 23, 30] as const;

/** A cluster's colour and radius (px) for its count, as the map draws it. */
export function clusterLook(count: number): { color: string; radius: number } {
  const step = CLUSTER_STEP_COUNTS.filter((at) => count >= at).length;
  return { color: CLUSTER_COLORS[step] ?? CLUSTER_COLORS[0], radius: CLUSTER_RADII[step] ?? 17 };
}

const TILE = 512;

/** A longitude and latitude in Web Mercator at zoom 0 (a 512 px world), as MapLibre projects. */
export function mercator(longitude: number, latitude: number): [number, number] {
  const phi = (Math.max(-85.0511, Math.min(85.0511, latitude)) * Math.PI) / 180;
  return [
    ((longitude + 180) / 360) * TILE,
    ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * TILE,
  ];
}

/** How the map's first view fits the fleet: 40 px round it, at most zoom 8. */
export const FIRST_VIEW_FIT = { padding: 40, maxZoom: 8 } as const;

/**
 * The view MapLibre's `fitBounds` gives a box in a container ({@link FIRST_VIEW_FIT}): its
 * centre in zoom-0 Mercator pixels and its zoom.
 */
export function fitView(
  [[west, south], [east, north]]: [[number, number], [number, number]],
  width: number,
  height: number,
  { padding, maxZoom }: { padding: number; maxZoom: number } = FIRST_VIEW_FIT,
): { center: [number, number]; zoom: number } {
  const [x0, y1] = mercator(west, south);
  const [x1, y0] = mercator(east, north);
  const spanX = Math.max(x1 - x0, 1e-9);
  const spanY = Math.max(y1 - y0, 1e-9);
  const scale = Math.min(
    Math.max(width - 2 * padding, 1) / spanX,
    Math.max(height - 2 * padding, 1) / spanY,
  );
  return {
    center: [(x0 + x1) / 2, (y0 + y1) / 2],
    zoom: Math.min(maxZoom, Math.log2(scale)),
  };
}

/** A view of the map: its centre in zoom-0 Mercator pixels and its zoom (as MapLibre's). */
export interface MapView {
  center: [number, number];
  zoom: number;
}

/** The first view's zooms: as far out as the whole world, as far in as the clusters split. */
export const PREVIEW_ZOOM_RANGE = [0, 16] as const;

/** Zoom-0 Mercator pixels back to a longitude and latitude ({@link mercator}'s inverse). */
export function unmercator(x: number, y: number): [number, number] {
  const longitude = (x / TILE) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / TILE))) * 180) / Math.PI;
  return [longitude, latitude];
}

/** A view kept within the world: zoom in {@link PREVIEW_ZOOM_RANGE}, its centre on the map. */
export function clampView({ center: [x, y], zoom }: MapView): MapView {
  return {
    center: [clamp(x, 0, TILE), clamp(y, 0, TILE)],
    zoom: clamp(zoom, PREVIEW_ZOOM_RANGE[0], PREVIEW_ZOOM_RANGE[1]),
  };
}

/** The box a view shows in a container of this size, in degrees (for {@link viewQuery}). */
export function viewBounds(
  { center: [x, y], zoom }: MapView,
  width: number,
  height: number,
): { west: number; south: number; east: number; north: number } {
  const half = [width / 2 / 2 ** zoom, height / 2 / 2 ** zoom] as const;
  const [west, north] = unmercator(x - half[0], Math.max(0, y - half[1]));
  const [east, south] = unmercator(x + half[0], Math.min(TILE, y + half[1]));
  return { west, south, east, north };
}

/** The view moved by a drag of (dx, dy) screen pixels: the map follows the pointer. */
export function panView(view: MapView, dx: number, dy: number): MapView {
  const scale = 2 ** view.zoom;
  return clampView({
    center: [view.center[0] - dx / scale, view.center[1] - dy / scale],
    zoom: view.zoom,
  });
}

/**
 * The view zoomed to `zoom` around a point (px, py) of a container of this size: the place
 * under the point stays under it, as a map zooms around the pointer.
 */
export function zoomViewAround(
  view: MapView,
  zoom: number,
  px: number,
  py: number,
  width: number,
  height: number,
): MapView {
  const next = clampView({ center: view.center, zoom }).zoom;
  const before = 2 ** view.zoom;
  const after = 2 ** next;
  const worldX = view.center[0] + (px - width / 2) / before;
  const worldY = view.center[1] + (py - height / 2) / before;
  return clampView({
    center: [worldX - (px - width / 2) / after, worldY - (py - height / 2) / after],
    zoom: next,
  });
}
