import { type MetricRequest, type MetricResponse, metricsEndpoints } from '@aerie/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const metricDataQueryKey = (request: MetricRequest) => ['metrics', 'data', request] as const;

/** `POST /v2/devices/metrics`: samples of one provider, downsampled by the server. */
export function getMetricData(
  request: MetricRequest,
  signal?: AbortSignal,
): Promise<MetricResponse> {
  return callApi(metricsEndpoints.query, { body: request }, signal ? { signal } : {});
}

export function getMetricDataQueryOptions(request: MetricRequest) {
  return queryOptions({
    queryKey: metricDataQueryKey(request),
    queryFn: ({ signal }) => getMetricData(request, signal),
    staleTime: 30_000,
  });
}
