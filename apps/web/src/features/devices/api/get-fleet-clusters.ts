import { fleetEndpoints, type FleetClusters, type FleetClustersQuery } from '@aerie/contract';
import { callApi } from '../../../lib/api-client';

/**
 * `GET /v2/devices/map/clusters`: the fleet map's devices in a view, clustered on the server
 * (a few hundred features for any fleet size). The map asks again when its view or the
 * online-only filter changes, so this is a plain call, not a cached query.
 */
export function getFleetClusters(
  query: FleetClustersQuery,
  signal?: AbortSignal,
): Promise<FleetClusters> {
  return callApi(fleetEndpoints.clusters, { query }, signal ? { signal } : {});
}
