import { deviceConfigEndpoints, type NetworkMapping } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const networkMappingQueryKey = (id: string) => ['devices', 'networkMapping', id] as const;

/** `GET /v1/provision/networks/remote/{remoteId}`: the beams of the device's hub (remoteId = device id). */
export function getNetworkMapping(id: string, signal?: AbortSignal): Promise<NetworkMapping> {
  return callApi(
    deviceConfigEndpoints.networkMapping,
    { params: { remoteId: id } },
    signal ? { signal } : {},
  );
}

export function useNetworkMapping(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: networkMappingQueryKey(id),
      queryFn: ({ signal }) => getNetworkMapping(id, signal),
      enabled,
    }),
  );
}
