import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { type ProviderMetrics, referenceEndpoints } from '@aerie/contract';

export const metricTypesQueryKey = ['info', 'metrics'] as const;

/** `GET /v2/info/metrics`: the metric types of each provider. */
export function getMetricTypes(signal?: AbortSignal): Promise<ProviderMetrics[]> {
  return callApi(referenceEndpoints.metrics, {}, signal ? { signal } : {});
}

export function getMetricTypesQueryOptions() {
  return queryOptions({
    queryKey: metricTypesQueryKey,
    queryFn: ({ signal }) => getMetricTypes(signal),
    staleTime: 60 * 60_000,
  });
}

export function useMetricTypes() {
  return useQuery(getMetricTypesQueryOptions());
}
