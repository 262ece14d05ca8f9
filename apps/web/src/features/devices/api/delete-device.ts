import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `DELETE /v2/devices/{id}` (spec 001 §7): Super User only; the answer has no body. */
export function deleteDevice(id: string): Promise<unknown> {
  return apiFetch(`/v2/devices/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
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
