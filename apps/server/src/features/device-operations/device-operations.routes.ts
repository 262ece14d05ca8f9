import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceCommandBodySchema,
  deviceCommandParamsSchema,
  deviceCommandResultSchema,
  deviceIdParamsSchema,
} from '@aerie/contract';
import type { DeviceOperationsService } from './device-operations.service.js';

export function deviceOperationsRoutes(service: DeviceOperationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/devices/:id/command/:cmd',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Run a device command: hub commands queue a job (202), the others apply at once (200)',
          params: deviceCommandParamsSchema,
          body: deviceCommandBodySchema,
          response: { 200: deviceCommandResultSchema, 202: deviceCommandResultSchema },
        },
      },
      async (request, reply) => {
        const { statusCode, result } = await service.command(
          request.principal(),
          request.params.id,
          request.params.cmd,
          request.body,
        );
        return reply.status(statusCode).send(result);
      },
    );

    app.delete(
      '/v2/devices/:id',
      {
        schema: {
          tags: ['devices'],
          summary: 'Delete a device (Super User): removed from the hub, kept as deleted',
          params: deviceIdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.remove(request.principal(), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
