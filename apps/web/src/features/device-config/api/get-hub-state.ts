import { hubEndpoints, type HubState, parseHubState } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/config';
import { deviceQueryKey } from '../../devices';

/**
 * Under the device's key: whatever refreshes the device (a final sync notification, Refresh)
 * refreshes its hub state too.
 */
export const hubStateQueryKey = (id: string) => [...deviceQueryKey(id), 'hubState'] as const;

/**
 * `GET /v2/devices/{id}/hubState`: read live from the hub, under the brand's beams key. Quiet:
 * a hub that cannot be read is a state the cards show ('Could not retrieve current NMS hub
 * state.'), not an unexpected error.
 */
export async function getHubState(
  brand: string,
  id: string,
  signal?: AbortSignal,
): Promise<HubState> {
  const body = await callApi(
    hubEndpoints.state,
    { params: { id } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
  return parseHubState(brand, body);
}

export function getHubStateQueryOptions(brand: string, id: string) {
  return queryOptions({
    queryKey: hubStateQueryKey(id),
    queryFn: ({ signal }) => getHubState(brand, id, signal),
    staleTime: 30_000,
    // The hub answers 502 when it cannot be read: show that at once rather than retrying.
    retry: false,
  });
}

export function useHubState(id: string, enabled = true) {
  const { brand } = useRuntimeConfig();
  return useQuery({ ...getHubStateQueryOptions(brand, id), enabled });
}
