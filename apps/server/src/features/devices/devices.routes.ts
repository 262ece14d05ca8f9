import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceListQuerySchema, deviceListSchema } from '@aerie/contract';
import type { DevicesService } from './devices.service.js';

export function devicesRoutes(service: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/devices',
      {
        schema: {
          tags: ['devices'],
          summary: "A page of the caller's devices",
          querystring: deviceListQuerySchema,
          response: { 200: deviceListSchema },
        },
      },
      async (request) => service.list(request.principal(), request.query),
    );
  };
}
