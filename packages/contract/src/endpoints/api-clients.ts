import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import {
  apiClientListSchema,
  apiClientParamsSchema,
  apiClientSchema,
  createApiClientSchema,
} from '../api-clients/api-clients.js';

/**
 * The caller's API clients (spec 000 §2.4): every signed-in user may keep them; a client acts
 * as its creator. Adding and deleting refuse an API client's own token (403).
 */
export const apiClientsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/users/client',
    tags: ['users'],
    summary: "The caller's API clients (secrets are never shown)",
    access: { kind: 'signedIn' },
    responses: { 200: apiClientListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/v2/users/client',
    tags: ['users'],
    summary: 'Add an API client (client credentials, scope partners-api)',
    access: { kind: 'signedIn' },
    body: createApiClientSchema,
    responses: { 201: apiClientSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v2/users/client/{clientId}',
    tags: ['users'],
    summary: 'Delete one of the caller’s API clients; its tokens stop working at once',
    access: { kind: 'signedIn' },
    params: apiClientParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;
