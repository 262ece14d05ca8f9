import { type Account, accountsEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const accountsQueryKey = ['accounts'] as const;

/** `GET /v2/accounts`: the accounts the caller can see. */
export function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  return callApi(accountsEndpoints.list, {}, signal ? { signal } : {});
}

export function getAccountsQueryOptions() {
  return queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => getAccounts(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAccounts() {
  return useQuery(getAccountsQueryOptions());
}
