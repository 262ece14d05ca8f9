import { referenceEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/info/networkinventoryvisible`: whether device pages show the Network Inventory. */
export async function getNetworkInventoryVisible(signal?: AbortSignal): Promise<boolean> {
  const { visible } = await callApi(
    referenceEndpoints.networkInventoryVisible,
    {},
    signal ? { signal } : {},
  );
  return visible;
}

export function useNetworkInventoryVisible() {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'networkInventoryVisible'] as const,
      queryFn: ({ signal }) => getNetworkInventoryVisible(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
