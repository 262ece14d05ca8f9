import { type searchHistorySchema, shellEndpoints } from '@aerie/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export type SearchHistory = z.infer<typeof searchHistorySchema>;

export const searchHistoryQueryKey = ['users', 'me', 'searchHistory'] as const;

/** `GET /v2/users/me/searchHistory` (fetchSearchHistory): newest first, at most 5. */
export function getSearchHistory(signal?: AbortSignal): Promise<SearchHistory> {
  return callApi(shellEndpoints.searchHistory, {}, signal ? { signal } : {});
}

export function getSearchHistoryQueryOptions() {
  return queryOptions({
    queryKey: searchHistoryQueryKey,
    queryFn: ({ signal }) => getSearchHistory(signal),
  });
}

export function useSearchHistory(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSearchHistoryQueryOptions(), enabled: options.enabled ?? true });
}

/** `POST /v2/users/me/searchHistory` (addSearchHistory): a repeated term moves to the front. */
export function addSearchHistory(term: string): Promise<SearchHistory> {
  return callApi(shellEndpoints.addSearchTerm, { body: { term } });
}

export function useAddSearchHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSearchHistory,
    onSuccess: (history) => queryClient.setQueryData(searchHistoryQueryKey, history),
  });
}
