import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiClientListSchema,
  apiClientParamsSchema,
  apiClientSchema,
  createApiClientSchema,
} from '@aerie/contract';
import type { ApiClientsService } from './api-clients.service.js';

export function apiClientsRoutes(service: ApiClientsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/users/client',
      {
        schema: {
          tags: ['users'],
          summary: "The caller's API clients (secrets are never shown)",
          response: { 200: apiClientListSchema },
        },
      },
      async (request) => service.list(request.principal()),
    );

    app.post(
      '/v2/users/client',
      {
        schema: {
          tags: ['users'],
          summary: 'Add an API client (client credentials, scope partners-api)',
          body: createApiClientSchema,
          response: { 201: apiClientSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.principal(), request.body)),
    );

    app.delete(
      '/v2/users/client/:clientId',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete one of the caller’s API clients; its tokens stop working at once',
          params: apiClientParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.delete(request.principal(), request.params.clientId);
        return reply.status(204).send(null);
      },
    );
  };
}
