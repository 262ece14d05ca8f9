import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { AdminService } from './admin.service.js';

export function adminRoutes(service: AdminService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.admin.clearCache, async (request) =>
      service.clearCache(request.principal(), request.params.kind),
    );
  };
}
