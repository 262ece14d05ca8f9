import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { type MetricProvider, referenceEndpoints } from '@aerie/contract';

export const metricProvidersQueryKey = ['info', 'metricProviders'] as const;

/** `GET /v2/info/metricProviders`. */
export function getMetricProviders(signal?: AbortSignal): Promise<MetricProvider[]> {
  return callApi(referenceEndpoints.metricProviders, {}, signal ? { signal } : {});
}

export function getMetricProvidersQueryOptions() {
  return queryOptions({
    queryKey: metricProvidersQueryKey,
    queryFn: ({ signal }) => getMetricProviders(signal),
    staleTime: 60 * 60_000,
  });
}

export function useMetricProviders() {
  return useQuery(getMetricProvidersQueryOptions());
}
