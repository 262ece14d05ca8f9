import { devicesEndpoints, type DeviceSummary, type DeviceSummaryQuery } from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';
import type { DeviceListRequest } from '../utils/device-list-view';

/** The summary's part of a list request: its text and filters (page and sort do not count). */
export function deviceSummaryQuery(request: DeviceListRequest): DeviceSummaryQuery {
  return {
    ...(request.query ? { query: request.query } : {}),
    ...(request.filters ? { filters: request.filters } : {}),
  };
}

export const deviceSummaryQueryKey = (query: DeviceSummaryQuery) =>
  ['devices', 'summary', query] as const;

/** `GET /v2/devices/summary`: online, offline and total for the list's text and filters. */
export function getDeviceSummary(
  query: DeviceSummaryQuery,
  signal?: AbortSignal,
): Promise<DeviceSummary> {
  return callApi(devicesEndpoints.summary, { query }, signal ? { signal } : {});
}

export function getDeviceSummaryQueryOptions(query: DeviceSummaryQuery) {
  return queryOptions({
    queryKey: deviceSummaryQueryKey(query),
    queryFn: ({ signal }) => getDeviceSummary(query, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The summary of the list's view, asked again with the list (online states are live). */
export function useDeviceSummary(request: DeviceListRequest) {
  const { statusRefreshSeconds } = useRuntimeConfig();
  return useQuery({
    ...getDeviceSummaryQueryOptions(deviceSummaryQuery(request)),
    refetchInterval: statusRefreshSeconds * 1000,
  });
}
