import { type Device, type DeviceNameUpdate, devicesEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `PUT /v2/devices/{id}` with body {name}: answers the renamed device. */
export function updateDeviceName(id: string, body: DeviceNameUpdate): Promise<Device> {
  return callApi(devicesEndpoints.rename, { params: { id }, body });
}

/** Renames a device, then refetches it and every device list (names show there too). */
export function useUpdateDeviceName(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceNameUpdate) => updateDeviceName(id, body),
    onSuccess: async (device) => {
      queryClient.setQueryData(deviceQueryKey(id), device);
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
