import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { largeTake } from '../../plugins/request-limits.js';
import type { ZonesService } from './zones.service.js';

export function zonesRoutes(service: ZonesService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      api.zones.list,
      async (request) => service.list(request.principal(), request.query),
      {
        limits: { heavy: largeTake },
      },
    );
    route(app, api.zones.get, async (request) =>
      service.get(request.principal(), request.params.id),
    );
    route(app, api.zones.create, async (request, reply) =>
      reply.status(201).send(await service.create(request.principal(), request.body)),
    );
    route(app, api.zones.update, async (request) =>
      service.update(request.principal(), request.params.id, request.body),
    );
    route(app, api.zones.remove, async (request, reply) => {
      await service.remove(request.principal(), request.params.id);
      return reply.status(204).send(null);
    });
  };
}
