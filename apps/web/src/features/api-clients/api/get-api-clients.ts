import { type ApiClient, apiClientsEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const apiClientsQueryKey = ['users', 'apiClients'] as const;

/** `GET /v2/users/client`: the caller's API clients (secrets are never shown again). */
export function getApiClients(signal?: AbortSignal): Promise<ApiClient[]> {
  return callApi(apiClientsEndpoints.list, {}, signal ? { signal } : {});
}

export function getApiClientsQueryOptions() {
  return queryOptions({
    queryKey: apiClientsQueryKey,
    queryFn: ({ signal }) => getApiClients(signal),
  });
}

export function useApiClients() {
  return useQuery(getApiClientsQueryOptions());
}
