import {
  deviceConfigEndpoints,
  type NetworkMapping,
  type NetworkMappingUpdate,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from '../../devices';
import { hubStateQueryKey } from './get-hub-state';
import { networkMappingQueryKey } from './get-network-mapping';

/** `POST /v1/provision/networks/remote`: the beams the device requires from now on. */
export function saveNetworkMapping(body: NetworkMappingUpdate): Promise<NetworkMapping> {
  return callApi(deviceConfigEndpoints.saveNetworkMapping, { body });
}

/** Saves the required beams; the mapping, hub state (required beams) and device follow. */
export function useSaveNetworkMapping(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetworkMapping,
    onSuccess: async (mapping) => {
      queryClient.setQueryData(networkMappingQueryKey(id), mapping);
      await queryClient.invalidateQueries({ queryKey: hubStateQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: deviceQueryKey(id) });
    },
  });
}
