import { deviceOperationsEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `DELETE /v2/devices/{id}` (spec 001 §7): Super User only; the answer has no body. */
export function deleteDevice(id: string): Promise<unknown> {
  return callApi(deviceOperationsEndpoints.remove, { params: { id } });
}

/** Deletes a device, forgets it and refetches every device list. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDevice(id),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: deviceQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
