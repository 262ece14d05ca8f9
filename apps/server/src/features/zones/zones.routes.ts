import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  zoneIdParamsSchema,
  zoneListQuerySchema,
  zoneListSchema,
  zoneSchema,
  zoneWriteSchema,
} from '@aerie/contract';
import type { ZonesService } from './zones.service.js';

export function zonesRoutes(service: ZonesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/zones',
      {
        schema: {
          tags: ['zones'],
          summary: "A page of the caller's zones by name, optionally of one account",
          querystring: zoneListQuerySchema,
          response: { 200: zoneListSchema },
        },
      },
      async (request) => service.list(request.principal(), request.query),
    );

    app.get(
      '/v2/zones/:id',
      {
        schema: {
          tags: ['zones'],
          summary: 'One zone with its polygon',
          params: zoneIdParamsSchema,
          response: { 200: zoneSchema },
        },
      },
      async (request) => service.get(request.principal(), request.params.id),
    );

    app.post(
      '/v2/zones',
      {
        schema: {
          tags: ['zones'],
          summary: "Create a zone (in the caller's own account unless accountId is given)",
          body: zoneWriteSchema,
          response: { 201: zoneSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(request.principal(), request.body)),
    );

    app.put(
      '/v2/zones/:id',
      {
        schema: {
          tags: ['zones'],
          summary: "Replace a zone's name and polygon, or move it to another account",
          params: zoneIdParamsSchema,
          body: zoneWriteSchema,
          response: { 200: zoneSchema },
        },
      },
      async (request) => service.update(request.principal(), request.params.id, request.body),
    );

    app.delete(
      '/v2/zones/:id',
      {
        schema: {
          tags: ['zones'],
          summary: 'Delete a zone',
          params: zoneIdParamsSchema,
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
