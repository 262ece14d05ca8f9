import {
  deviceConfigEndpoints,
  type NetworkConfigUpdate,
  type SatelliteNetworkConfiguration,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from '../../devices';

/** `PUT /v2/devices/{id}/networkConfig`: answers the stored configuration (null when cleared). */
export function updateNetworkConfig(
  id: string,
  body: NetworkConfigUpdate,
): Promise<SatelliteNetworkConfiguration | null> {
  return callApi(deviceConfigEndpoints.networkConfig, { params: { id }, body });
}

/** Saves the configuration, then refetches the device (its sync blockers depend on it). */
export function useUpdateNetworkConfig(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkConfigUpdate) => updateNetworkConfig(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceQueryKey(id) }),
  });
}
