import { apiClientsEndpoints } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { apiClientsQueryKey } from './get-api-clients';

/** `DELETE /v2/users/client/{clientId}`. */
export async function deleteApiClient(clientId: string): Promise<void> {
  await callApi(apiClientsEndpoints.delete, { params: { clientId } });
}

export function useDeleteApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsQueryKey }),
  });
}
