import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { IngestionService } from './ingestion.service.js';

export function telemetryRoutes(service: IngestionService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      api.telemetry.reports,
      async (request) => service.report(request.principal(), request.body.reports),
      {
        // Feeds send big batches; still bounded.
        bodyLimit: 4 * 1024 * 1024,
        // A gateway reports often: a budget of its own (per API client).
        limits: { write: 'ingest' },
      },
    );
  };
}
