import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandHubState, deviceIdParamsSchema, hubStateSchema } from '@aerie/contract';
import type { HubStateService } from './hub-state.service.js';

export function hubRoutes(service: HubStateService, brand: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/devices/:id/hubState',
      {
        schema: {
          tags: ['devices'],
          summary: "The device's beams, hybrid and cellular state on the satellite network hub",
          params: deviceIdParamsSchema,
          response: { 200: hubStateSchema(brand) },
        },
      },
      async (request) =>
        brandHubState(brand, await service.get(request.principal(), request.params.id)),
    );
  };
}
