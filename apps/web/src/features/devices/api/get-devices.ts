import { type DeviceList, devicesEndpoints } from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';
import type { DeviceListRequest } from '../utils/device-list-view';

export const devicesQueryKey = (request: DeviceListRequest) =>
  ['devices', 'list', request] as const;

/** `GET /v2/devices`: one page of the caller's devices and the total (spec 001 §7). */
export function getDevices(request: DeviceListRequest, signal?: AbortSignal): Promise<DeviceList> {
  return callApi(devicesEndpoints.list, { query: request }, signal ? { signal } : {});
}

export function getDevicesQueryOptions(request: DeviceListRequest) {
  return queryOptions({
    queryKey: devicesQueryKey(request),
    queryFn: ({ signal }) => getDevices(request, signal),
    // NOTE: the fleet is live (online states change): a view seen before shows at once from
    // the cache and is asked again.
    staleTime: 0,
    // The previous page stays on screen while the next one loads (no flash of emptiness).
    placeholderData: keepPreviousData,
  });
}

/** The page, asked again every `statusRefreshSeconds` while it is on screen (live states). */
export function useDevices(request: DeviceListRequest) {
  const { statusRefreshSeconds } = useRuntimeConfig();
  return useQuery({
    ...getDevicesQueryOptions(request),
    refetchInterval: statusRefreshSeconds * 1000,
  });
}
