import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(service: AccountsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.accounts.list, async (request) => service.list(request.principal()));
    route(app, api.accounts.sharedWith, async (request) => service.sharedWith(request.principal()));
  };
}
