import type { FleetMapPoint } from '@aerie/contract';
import type { FeatureCollection, Point } from 'geojson';

/** Spec 002 §9: pins cluster up to zoom 14 within 50 px; the map is retried every 1000 ms. */
export const FLEET_CLUSTER_MAX_ZOOM = 14;
export const FLEET_CLUSTER_RADIUS = 50;
export const FLEET_MAP_RETRY_MS = 1000;

export interface FleetFeatureProperties {
  id: string;
  /** 1 online, 0 offline: summed by the clusters. */
  online: 0 | 1;
}

/** The points as GeoJSON; with `onlineOnly` only devices whose satellite or cellular link is up. */
export function fleetFeatures(
  points: readonly FleetMapPoint[],
  onlineOnly: boolean,
): FeatureCollection<Point, FleetFeatureProperties> {
  const features: FeatureCollection<Point, FleetFeatureProperties>['features'] = [];
  for (const [id, longitude, latitude, online] of points) {
    if (onlineOnly && online !== 1) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { id, online },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** How many devices the map shows. */
export function countShown(points: readonly FleetMapPoint[], onlineOnly: boolean): number {
  if (!onlineOnly) return points.length;
  let n = 0;
  for (const point of points) if (point[3] === 1) n++;
  return n;
}

/**
 * The box round the points ([[west, south], [east, north]]) for the first view, or null for
 * none. A fleet spread over more than half the world gets the inhabited world instead.
 */
export function fleetBounds(
  points: readonly FleetMapPoint[],
): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let west = 180;
  let east = -180;
  let south = 90;
  let north = -90;
  for (const [, longitude, latitude] of points) {
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
  }
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
