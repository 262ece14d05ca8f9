import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceIdParamsSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceNameUpdateSchema,
  deviceSchema,
  deviceUsageQuerySchema,
  deviceUsageSchema,
} from '@aerie/contract';
import { presentedJson } from '../../plugins/serialization.js';
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
        // The presenter builds the contract's items; skip the second zod pass on 50-10,000 rows.
        serializerCompiler: presentedJson,
      },
      async (request) => service.list(request.principal(), request.query),
    );

    app.get(
      '/v2/devices/:id',
      {
        schema: {
          tags: ['devices'],
          summary: 'One device with its components, network status, software and subscription',
          params: deviceIdParamsSchema,
          response: { 200: deviceSchema },
        },
      },
      async (request) => service.get(request.principal(), request.params.id),
    );

    app.put(
      '/v2/devices/:id',
      {
        schema: {
          tags: ['devices'],
          summary: 'Rename a device; answers the device',
          params: deviceIdParamsSchema,
          body: deviceNameUpdateSchema,
          response: { 200: deviceSchema },
        },
      },
      async (request) => service.rename(request.principal(), request.params.id, request.body.name),
    );

    app.get(
      '/v2/devices/:id/usage',
      {
        schema: {
          tags: ['devices'],
          summary: 'Daily satellite and cellular usage of a device in a calendar month',
          params: deviceIdParamsSchema,
          querystring: deviceUsageQuerySchema,
          response: { 200: deviceUsageSchema },
        },
      },
      async (request) =>
        service.usage(
          request.principal(),
          request.params.id,
          request.query.year,
          request.query.month,
        ),
    );
  };
}
