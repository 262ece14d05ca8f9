import { type Health, healthEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const healthQueryKey = ['health', 'services'] as const;

/** `GET /health` (Super User, provider Admin): service -> [status code, JSON text with Version]. */
export function getHealth(signal?: AbortSignal): Promise<Health> {
  return callApi(healthEndpoints.services, {}, signal ? { signal } : {});
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
