import { type CreateApiClient } from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, jsonRequest } from '../../../lib/api-client';
import { apiClientsQueryKey } from './get-api-clients';

// NOTE: the contract has no response schema for this call; only success matters here.
const createdSchema = z.unknown();

/** `POST /v2/users/client`: adds an API client with the given id and secret. */
export async function createApiClient(body: CreateApiClient): Promise<void> {
  await apiFetch('/v2/users/client', createdSchema, jsonRequest('POST', body));
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsQueryKey }),
  });
}
