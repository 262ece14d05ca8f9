import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheClearedSchema, cacheKindParamsSchema } from '@aerie/contract';
import type { AdminService } from './admin.service.js';

export function adminRoutes(service: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/admin/cache/:kind',
      {
        schema: {
          tags: ['admin'],
          summary: 'Clear a cache on every instance (Super User and provider Admin)',
          params: cacheKindParamsSchema,
          response: { 200: cacheClearedSchema },
        },
      },
      async (request) => service.clearCache(request.principal(), request.params.kind),
    );
  };
}
