import {
  type addRecentItemSchema,
  type RecentItem,
  type RecentItemKind,
  shellEndpoints,
} from '@aerie/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export const recentItemsQueryKey = (kind: RecentItemKind) =>
  ['users', 'me', 'recentItems', kind] as const;

/** `GET /v2/users/me/recentItems/{kind}`: newest first, 10 per kind. */
export function getRecentItems(kind: RecentItemKind, signal?: AbortSignal): Promise<RecentItem[]> {
  return callApi(shellEndpoints.recentItems, { params: { kind } }, signal ? { signal } : {});
}

export function getRecentItemsQueryOptions(kind: RecentItemKind) {
  return queryOptions({
    queryKey: recentItemsQueryKey(kind),
    queryFn: ({ signal }) => getRecentItems(kind, signal),
  });
}

export function useRecentItems(kind: RecentItemKind) {
  return useQuery(getRecentItemsQueryOptions(kind));
}

/** `POST /v2/users/me/recentItems/{kind}`: the oldest by timestamp goes past the limit. */
export function addRecentItem(
  kind: RecentItemKind,
  item: z.infer<typeof addRecentItemSchema>,
): Promise<RecentItem[]> {
  return callApi(shellEndpoints.addRecentItem, { params: { kind }, body: item });
}

export function useAddRecentItem(kind: RecentItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: z.infer<typeof addRecentItemSchema>) => addRecentItem(kind, item),
    onSuccess: (list) => queryClient.setQueryData(recentItemsQueryKey(kind), list),
  });
}
