import type { FleetClusters, FleetClustersQuery } from '@aerie/contract';
import type { FeatureCollection, Point } from 'geojson';

/** Spec 002 §2: the map is retried every 1000 ms until it is ready. */
export const FLEET_MAP_RETRY_MS = 1000;

/**
 * How long /home must have been quiet (no long task, no request in flight) before the fleet map
 * starts. Shorter than the device page's map (MAP_AFTER_QUIET_MS): the fleet map is what the
 * home page is for, and must be usable within 1.5 s (issue 15); it still never competes with
 * the page's own first render and calls.
 */
export const FLEET_MAP_AFTER_QUIET_MS = 250;

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
