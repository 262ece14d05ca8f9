import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricRequestSchema, metricResponseSchema } from '@aerie/contract';
import type { MetricsService } from './metrics.service.js';

export function metricsRoutes(service: MetricsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/devices/metrics',
      {
        schema: {
          tags: ['devices'],
          summary: 'Metric samples of devices in a time range, downsampled for charts',
          body: metricRequestSchema,
          response: { 200: metricResponseSchema },
        },
      },
      async (request) => service.query(request.principal(), request.body),
    );
  };
}
