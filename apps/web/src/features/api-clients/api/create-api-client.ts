import { apiClientsEndpoints, type ApiClient, type CreateApiClient } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { apiClientsQueryKey } from './get-api-clients';

/** `POST /v2/users/client`: adds an API client; its id is the requested one with a random ending. */
export async function createApiClient(body: CreateApiClient): Promise<ApiClient> {
  return callApi(apiClientsEndpoints.create, { body });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsQueryKey }),
  });
}
