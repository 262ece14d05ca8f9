import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { MetricsService } from './metrics.service.js';

export function metricsRoutes(service: MetricsService): FastifyPluginAsync {
  return async (app) => {
    // A POST that reads: no write, but one of the heaviest reads (10 devices × 10 metrics).
    route(
      app,
      api.metrics.query,
      async (request) => service.query(request.principal(), request.body),
      { limits: { write: false, heavy: true } },
    );
  };
}
