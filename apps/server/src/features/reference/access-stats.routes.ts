import type { FastifyPluginAsync } from 'fastify';
import { api, createAccessStatsSchema } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { AccessStatsService } from './access-stats.service.js';

/**
 * The response keys carry the brand (monthlyActive{Brand}Users): the contract leaves them open,
 * and the answer is checked against this installation's schema.
 */
export function accessStatsRoutes(service: AccessStatsService, brand: string): FastifyPluginAsync {
  return async (app) => {
    route(app, api.reference.accessStats, async (request) => service.get(request.principal()), {
      successSchema: createAccessStatsSchema(brand),
    });
  };
}
