import { parseHubState, type HubState } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';

export const hubStateQueryKey = (id: string) => ['devices', 'hubState', id] as const;

/**
 * `GET /v2/devices/{id}/hubState`, read under the installation's brand key. Quiet: a hub that
 * cannot be read is a state the cards show ('Could not retrieve current NMS hub state.').
 */
export async function getHubState(
  id: string,
  brand: string,
  signal?: AbortSignal,
): Promise<HubState> {
  const body = await apiFetch(`/v2/devices/${encodeURIComponent(id)}/hubState`, z.unknown(), {
    quiet: true,
    ...(signal ? { signal } : {}),
  });
  return parseHubState(brand, body);
}

export function useHubState(id: string, enabled = true) {
  const { brand } = useRuntimeConfig();
  return useQuery(
    queryOptions({
      queryKey: hubStateQueryKey(id),
      queryFn: ({ signal }) => getHubState(id, brand, signal),
      enabled,
    }),
  );
}
