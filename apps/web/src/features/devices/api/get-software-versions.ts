import { referenceEndpoints, type SoftwareVersion } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v3/info/softwareVersions?currentVersion=`: the releases newer than the device's. */
export function getSoftwareVersions(
  currentVersion: string | null,
  signal?: AbortSignal,
): Promise<SoftwareVersion[]> {
  return callApi(
    referenceEndpoints.softwareVersions,
    { query: { currentVersion: currentVersion ?? '' } },
    signal ? { signal } : {},
  );
}

export function getSoftwareVersionsQueryOptions(currentVersion: string | null) {
  return queryOptions({
    queryKey: ['reference', 'softwareVersions', currentVersion ?? ''] as const,
    queryFn: ({ signal }) => getSoftwareVersions(currentVersion, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSoftwareVersions(currentVersion: string | null, enabled: boolean) {
  return useQuery({ ...getSoftwareVersionsQueryOptions(currentVersion), enabled });
}
