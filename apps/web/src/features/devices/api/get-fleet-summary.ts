import { fleetEndpoints, type FleetSummary } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';

export const fleetSummaryQueryKey = ['devices', 'fleetSummary'] as const;

/** `GET /v2/devices/fleetSummary`: the caller's devices by state (home page). */
export function getFleetSummary(signal?: AbortSignal): Promise<FleetSummary> {
  return callApi(fleetEndpoints.summary, {}, signal ? { signal } : {});
}

export function getFleetSummaryQueryOptions() {
  return queryOptions({
    queryKey: fleetSummaryQueryKey,
    queryFn: ({ signal }) => getFleetSummary(signal),
  });
}

/** The fleet summary, asked again as often as the list's online states (they are live). */
export function useFleetSummary() {
  const { statusRefreshSeconds } = useRuntimeConfig();
  return useQuery({
    ...getFleetSummaryQueryOptions(),
    refetchInterval: statusRefreshSeconds * 1000,
  });
}
