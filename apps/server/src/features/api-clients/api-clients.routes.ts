import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { ApiClientsService } from './api-clients.service.js';

export function apiClientsRoutes(service: ApiClientsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.apiClients.list, async (request) => service.list(request.principal()));
    route(app, api.apiClients.create, async (request, reply) =>
      reply.status(201).send(await service.create(request.principal(), request.body)),
    );
    route(app, api.apiClients.delete, async (request, reply) => {
      await service.delete(request.principal(), request.params.clientId);
      return reply.status(204).send(null);
    });
  };
}
