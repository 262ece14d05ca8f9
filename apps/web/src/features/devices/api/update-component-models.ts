import { type Component, type ComponentModelUpdate, deviceConfigEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceQueryKey } from './get-device';

/** `PUT /v2/devices/{id}/components/models`: answers the device's components. */
export function updateComponentModels(
  id: string,
  components: readonly ComponentModelUpdate[],
): Promise<Component[]> {
  return callApi(deviceConfigEndpoints.componentModels, { params: { id }, body: [...components] });
}

/** Sets the models, then refetches the device and the lists that show components. */
export function useUpdateComponentModels(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (components: readonly ComponentModelUpdate[]) =>
      updateComponentModels(id, components),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ['devices', 'list'] });
    },
  });
}
