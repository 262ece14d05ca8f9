import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { MetricsService } from './metrics.service.js';

export function metricsRoutes(service: MetricsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.metrics.query, async (request) =>
      service.query(request.principal(), request.body),
    );
  };
}
