import { fleetEndpoints, type FleetMap } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const fleetMapQueryKey = ['devices', 'map'] as const;

/** `GET /v2/devices/map`: every device of the caller's accounts the fleet map shows. */
export function getFleetMap(signal?: AbortSignal): Promise<FleetMap> {
  return callApi(fleetEndpoints.map, {}, signal ? { signal } : {});
}

export function getFleetMapQueryOptions() {
  return queryOptions({
    queryKey: fleetMapQueryKey,
    queryFn: ({ signal }) => getFleetMap(signal),
    // Up to 100,000 points: asked once a minute at most while the page is open.
    staleTime: 60_000,
  });
}

export function useFleetMap() {
  return useQuery(getFleetMapQueryOptions());
}
