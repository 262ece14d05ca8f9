import { type CurrentUser, usersEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const meQueryKey = ['users', 'me'] as const;

/** `GET /v2/users/me`: the signed-in user's profile, role and settings. */
export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  return callApi(usersEndpoints.me, {}, signal ? { signal } : {});
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

export interface UseMeOptions {
  /** Only read the cache (no request), e.g. outside the signed-in part of the app. */
  enabled?: boolean;
}

export function useMe(options: UseMeOptions = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled: options.enabled ?? true });
}
