import {
  type DeviceFeaturesBody,
  deviceFeaturesEndpoints,
  type DeviceFeaturesResult,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `POST /v2/devices/{id}/features`: saves the list and issues the feature certificate. */
export function saveDeviceFeatures(
  id: string,
  features: DeviceFeaturesBody,
): Promise<DeviceFeaturesResult> {
  return callApi(deviceFeaturesEndpoints.save, { params: { id }, body: features });
}

export function useSaveDeviceFeatures(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (features: DeviceFeaturesBody) => saveDeviceFeatures(id, features),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceQueryKey(id) }),
  });
}
