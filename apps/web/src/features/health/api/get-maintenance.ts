import { healthEndpoints, MAINTENANCE_HEADER } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiWithHeaders } from '../../../lib/api-client';

export const maintenanceQueryKey = ['health', 'maintenance'] as const;

export interface MaintenanceStatus {
  /** The maintenance health check answered: the portal is healthy. */
  healthy: true;
  /** The `x-maintenance-mode: on` header (spec 000 §4): the strip shows; nothing is blocked. */
  maintenanceMode: boolean;
}

/** `GET /health/maintenance` (public): the start-up health check. */
export async function getMaintenance(signal?: AbortSignal): Promise<MaintenanceStatus> {
  const { data, headers } = await callApiWithHeaders(
    healthEndpoints.maintenance,
    {},
    signal ? { signal } : {},
  );
  const header = headers.get(MAINTENANCE_HEADER);
  return {
    healthy: true,
    maintenanceMode: header === null ? data.maintenance : header.toLowerCase() === 'on',
  };
}

/** Poll interval of the maintenance check, so a switch reaches every open portal. */
export const MAINTENANCE_POLL_MS = 60_000;

export function getMaintenanceQueryOptions() {
  return queryOptions({
    queryKey: maintenanceQueryKey,
    queryFn: ({ signal }) => getMaintenance(signal),
    staleTime: 30_000,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
}

export function useMaintenance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMaintenanceQueryOptions(), enabled: options.enabled ?? true });
}
