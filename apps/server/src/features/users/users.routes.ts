import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(service: UsersService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.users.me, async (request) => service.me(request.principal()));
    route(app, api.users.updateSettings, async (request) =>
      service.updateSettings(request.principal(), request.body),
    );
  };
}
