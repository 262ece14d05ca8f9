import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { DeviceOperationsService } from './device-operations.service.js';

export function deviceOperationsRoutes(service: DeviceOperationsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.deviceOperations.command, async (request, reply) => {
      const { statusCode, result } = await service.command(
        request.principal(),
        request.params.id,
        request.params.cmd,
        request.body,
      );
      return reply.status(statusCode).send(result);
    });

    route(app, api.deviceOperations.remove, async (request, reply) => {
      await service.remove(request.principal(), request.params.id);
      return reply.status(204).send(null);
    });
  };
}
