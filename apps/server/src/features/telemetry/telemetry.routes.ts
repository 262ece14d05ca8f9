import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { telemetryBatchSchema, telemetryResultSchema } from '@aerie/contract';
import { assertCan } from '../../plugins/authorization.js';
import type { IngestionService } from './ingestion.service.js';

export function telemetryRoutes(service: IngestionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/telemetry/reports',
      {
        // Feeds send big batches; still bounded.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags: ['telemetry'],
          summary: 'Status, position, software, usage and metric reports from terminals',
          body: telemetryBatchSchema,
          response: { 200: telemetryResultSchema },
        },
      },
      async (request) => {
        assertCan(request.principal(), 'telemetry.ingest');
        return service.ingest(request.body.reports);
      },
    );
  };
}
