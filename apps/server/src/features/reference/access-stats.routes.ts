import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccessStatsSchema } from '@aerie/contract';
import type { AccessStatsService } from './access-stats.service.js';

/** The response keys carry the brand (monthlyActive{Brand}Users), so the schema does too. */
export function accessStatsRoutes(
  service: AccessStatsService,
  brand: string,
): FastifyPluginAsyncZod {
  const schema = createAccessStatsSchema(brand);
  return async (app) => {
    app.get(
      '/v2/info/accessStats',
      {
        schema: {
          tags: ['reference'],
          summary: "Home tile figures over the caller's accounts",
          response: { 200: schema },
        },
      },
      async (request) => service.get(request.principal()),
    );
  };
}
