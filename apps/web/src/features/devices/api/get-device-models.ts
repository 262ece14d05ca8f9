import { type DeviceModel, referenceEndpoints } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/info/deviceModels`: the component models (a small catalogue, cached). */
export function getDeviceModels(signal?: AbortSignal): Promise<DeviceModel[]> {
  return callApi(referenceEndpoints.deviceModels, {}, signal ? { signal } : {});
}

export function useDeviceModels(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['reference', 'deviceModels'] as const,
      queryFn: ({ signal }) => getDeviceModels(signal),
      staleTime: 10 * 60_000,
      enabled,
    }),
  );
}
