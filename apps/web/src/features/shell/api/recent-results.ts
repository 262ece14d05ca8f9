import { type RecentResult, shellEndpoints } from '@aerie/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const recentResultsQueryKey = ['users', 'me', 'recentResults'] as const;

/** `GET /v2/users/me/recentResults` (fetchRecentResults): at most 5. */
export function getRecentResults(signal?: AbortSignal): Promise<RecentResult[]> {
  return callApi(shellEndpoints.recentResults, {}, signal ? { signal } : {});
}

export function getRecentResultsQueryOptions() {
  return queryOptions({
    queryKey: recentResultsQueryKey,
    queryFn: ({ signal }) => getRecentResults(signal),
  });
}

export function useRecentResults(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRecentResultsQueryOptions(), enabled: options.enabled ?? true });
}

/** `POST /v2/users/me/recentResults` (addRecentResult). */
export function addRecentResult(result: RecentResult): Promise<RecentResult[]> {
  return callApi(shellEndpoints.addRecentResult, { body: result });
}

export function useAddRecentResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRecentResult,
    onSuccess: (list) => queryClient.setQueryData(recentResultsQueryKey, list),
  });
}
