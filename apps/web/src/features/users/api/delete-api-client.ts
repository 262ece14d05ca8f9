import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsQueryKey } from './get-api-clients';

/** `DELETE /v2/users/client/{clientId}`. */
export async function deleteApiClient(clientId: string): Promise<void> {
  await apiFetch(`/v2/users/client/${encodeURIComponent(clientId)}`, z.unknown(), {
    method: 'DELETE',
  });
}

export function useDeleteApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsQueryKey }),
  });
}
