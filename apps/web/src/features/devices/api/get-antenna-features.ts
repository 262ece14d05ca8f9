import { type FeatureType, referenceEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/info/antennaFeatures`: the feature types (spec 001 §3 "Feature type"). */
export function getAntennaFeatures(signal?: AbortSignal): Promise<FeatureType[]> {
  return callApi(referenceEndpoints.antennaFeatures, {}, signal ? { signal } : {});
}

export function getAntennaFeaturesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'antennaFeatures'] as const,
    queryFn: ({ signal }) => getAntennaFeatures(signal),
    staleTime: 10 * 60_000,
  });
}

export function useAntennaFeatures(enabled: boolean) {
  return useQuery({ ...getAntennaFeaturesQueryOptions(), enabled });
}
