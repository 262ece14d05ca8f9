import {
  FLEET_CLUSTER_MAX_ZOOM,
  FLEET_CLUSTER_RADIUS,
  type FleetCluster,
  type FleetClusters,
  type FleetMapPoint,
} from '@aerie/contract';
import Supercluster, { type PointFeature } from 'supercluster';

/** A device's properties in the index: its id and 1 online / 0 offline. */
interface PointProperties {
  id: string;
  online: 0 | 1;
}
/** What a cluster adds up: its offline devices (the map shows their share). */
interface ClusterProperties {
  offline: number;
}

/**
 * The fleet map's devices of one scope, clustered once (issue 15, decision 029 amendment): the
 * spec's clustering (max zoom 14, radius 50 px of a 512 px tile, two devices at least, as
 * MapLibre's own clustering) done on the server with supercluster, so a view of 100,000 devices
 * is answered with the few hundred clusters it shows instead of every device.
 */
export interface FleetIndex {
  total: number;
  /** [west, south, east, north] round every device, or null for none. */
  bounds: [number, number, number, number] | null;
  index: Supercluster<PointProperties, ClusterProperties>;
}

export function buildFleetIndex(points: readonly FleetMapPoint[], onlineOnly: boolean): FleetIndex {
  const features: PointFeature<PointProperties>[] = [];
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const [id, longitude, latitude, online] of points) {
    if (onlineOnly && online !== 1) continue;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: { id, online },
    });
  }
  const index = new Supercluster<PointProperties, ClusterProperties>({
    maxZoom: FLEET_CLUSTER_MAX_ZOOM,
    radius: FLEET_CLUSTER_RADIUS,
    extent: 512,
    minPoints: 2,
    map: (p) => ({ offline: 1 - p.online }),
    reduce: (sum, p) => {
      sum.offline += p.offline;
    },
  }).load(features);
  return {
    total: features.length,
    bounds: features.length > 0 ? [west, south, east, north] : null,
    index,
  };
}

export interface FleetView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The clusters and single devices of a view (west east of east: across the antimeridian). */
export function clustersInView(fleet: FleetIndex, view: FleetView): FleetClusters {
  const clusters: FleetCluster[] = [];
  const devices: FleetMapPoint[] = [];
  const found = fleet.index.getClusters([view.west, view.south, view.east, view.north], view.zoom);
  for (const feature of found) {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const p = feature.properties;
    if ('cluster' in p && p.cluster) {
      clusters.push([
        longitude,
        latitude,
        p.point_count,
        p.offline,
        Math.min(fleet.index.getClusterExpansionZoom(p.cluster_id), 25),
        p.cluster_id,
      ]);
    } else if ('id' in p) {
      devices.push([p.id, longitude, latitude, p.online]);
    }
  }
  return { total: fleet.total, bounds: fleet.bounds, clusters, devices };
}
