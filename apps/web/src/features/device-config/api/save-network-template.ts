import {
  deviceConfigEndpoints,
  type NetworkTemplate,
  type NetworkTemplateSave,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `POST /v1/provision/saveNetworkTemplate`: writes a template; answers it. */
export function saveNetworkTemplate(body: NetworkTemplateSave): Promise<NetworkTemplate> {
  return callApi(deviceConfigEndpoints.saveNetworkTemplate, { body });
}

export function useSaveNetworkTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetworkTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices', 'networkTemplate'] }),
  });
}
