import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthSchema,
  MAINTENANCE_HEADER,
  maintenanceSchema,
  setMaintenanceSchema,
  statusSchema,
} from '@aerie/contract';
import { APP_VERSION } from '../../version.js';
import type { HealthService } from './health.service.js';

const started = Date.now();

/** Liveness, health and maintenance calls (spec 000 §4, §7; 001 §7). */
export function healthRoutes(service: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/status',
      { config: { public: true }, schema: { tags: ['health'], response: { 200: statusSchema } } },
      async () => ({
        status: 'ok' as const,
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      }),
    );

    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Service map (Super User and provider Admin)',
          response: { 200: healthSchema },
        },
      },
      async (request, reply) => {
        const body = await service.health(request.principal());
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

    app.get(
      '/health/maintenance',
      {
        config: { public: true },
        schema: { tags: ['health'], response: { 200: maintenanceSchema } },
      },
      async (_request, reply) => {
        const maintenance = await service.maintenance();
        reply.header('cache-control', 'no-store');
        if (maintenance) reply.header(MAINTENANCE_HEADER, 'on');
        return reply.send({ maintenance });
      },
    );

    app.put(
      '/health/maintenance',
      {
        schema: {
          tags: ['health'],
          summary: 'Switch maintenance mode on or off',
          body: setMaintenanceSchema,
          response: { 200: maintenanceSchema },
        },
      },
      async (request) => ({
        maintenance: await service.setMaintenance(request.principal(), request.body.maintenance),
      }),
    );
  };
}
