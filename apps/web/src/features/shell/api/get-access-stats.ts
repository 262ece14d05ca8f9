import { accessStatsUserKeys, referenceEndpoints, type AccessStats } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const accessStatsQueryKey = ['info', 'accessStats'] as const;

/** `GET /v2/info/accessStats`: the home tiles' figures (spec 002 §7); admin tiles null for others. */
export async function getAccessStats(signal?: AbortSignal): Promise<AccessStats> {
  const stats = await callApi(referenceEndpoints.accessStats, {}, signal ? { signal } : {});
  // NOTE: the brand-named user figures are read with monthlyActiveUsers(), which checks them.
  return stats as AccessStats;
}

export function getAccessStatsQueryOptions() {
  return queryOptions({
    queryKey: accessStatsQueryKey,
    queryFn: ({ signal }) => getAccessStats(signal),
    // The server computes them at most once a minute (decision 010).
    staleTime: 60_000,
  });
}

export function useAccessStats() {
  return useQuery(getAccessStatsQueryOptions());
}

/** The monthly active users of an installation's brand: its staff and everyone else. */
export function monthlyActiveUsers(
  stats: AccessStats,
  brand: string,
): { staff: number; others: number } | null {
  const keys = accessStatsUserKeys(brand);
  const staff = stats[keys.staff];
  const others = stats[keys.others];
  if (typeof staff !== 'number' || typeof others !== 'number') return null;
  return { staff, others };
}
