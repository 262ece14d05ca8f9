import { devicesEndpoints, type DeviceUsage } from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const deviceUsageQueryKey = (id: string, year: number, month: number) =>
  ['devices', 'usage', id, year, month] as const;

/** `GET /v2/devices/{id}/usage?year&month`: daily usage of one calendar month, in bytes. */
export function getDeviceUsage(
  id: string,
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<DeviceUsage> {
  return callApi(
    devicesEndpoints.usage,
    { params: { id }, query: { year, month } },
    signal ? { signal } : {},
  );
}

export function getDeviceUsageQueryOptions(id: string, year: number, month: number) {
  return queryOptions({
    queryKey: deviceUsageQueryKey(id, year, month),
    queryFn: ({ signal }) => getDeviceUsage(id, year, month, signal),
    staleTime: 60_000,
  });
}

/** The month's usage; the previous month stays on screen while the next one loads. */
export function useDeviceUsage(id: string, year: number, month: number) {
  return useQuery({
    ...getDeviceUsageQueryOptions(id, year, month),
    placeholderData: keepPreviousData,
  });
}
