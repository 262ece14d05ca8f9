import { type Device, devicesEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';

export const deviceQueryKey = (id: string) => ['devices', 'detail', id] as const;

/** `GET /v2/devices/{id}`: the whole device (404 outside the caller's accounts). */
export function getDevice(id: string, signal?: AbortSignal): Promise<Device> {
  return callApi(devicesEndpoints.get, { params: { id } }, signal ? { signal } : {});
}

export function getDeviceQueryOptions(id: string) {
  return queryOptions({
    queryKey: deviceQueryKey(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    staleTime: 30_000,
  });
}

/** The device's name alone, from the same cached answer (a dashboard widget's frame). */
export function deviceQueryNameOptions(id: string) {
  return queryOptions({ ...getDeviceQueryOptions(id), select: (device: Device) => device.name });
}

/** The device, asked again every `statusRefreshSeconds` while its page is open (live state). */
export function useDevice(id: string) {
  const { statusRefreshSeconds } = useRuntimeConfig();
  return useQuery({ ...getDeviceQueryOptions(id), refetchInterval: statusRefreshSeconds * 1000 });
}
