import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { JobsService } from './jobs.service.js';

export function jobsRoutes(service: JobsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.jobs.list, async (request) => service.list(request.principal(), request.query));
    route(app, api.jobs.get, async (request) =>
      service.get(request.principal(), request.params.id),
    );
  };
}
