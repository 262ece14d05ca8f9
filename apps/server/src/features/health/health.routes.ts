import type { FastifyPluginAsync } from 'fastify';
import { api, MAINTENANCE_HEADER } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { APP_VERSION } from '../../version.js';
import type { CachesService } from './caches.service.js';
import type { HealthService } from './health.service.js';

const started = Date.now();

/** Liveness, health, maintenance and cache clear calls (spec 000 §4, §7; 001 §7). */
export function healthRoutes(service: HealthService, caches: CachesService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.health.status, async () => ({
      status: 'ok' as const,
      version: APP_VERSION,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    }));

    route(app, api.health.services, async (request, reply) => {
      const body = await service.health(request.principal());
      return reply.header('cache-control', 'no-store').send(body);
    });

    route(app, api.health.maintenance, async (_request, reply) => {
      const maintenance = await service.maintenance();
      reply.header('cache-control', 'no-store');
      if (maintenance) reply.header(MAINTENANCE_HEADER, 'on');
      return reply.send({ maintenance });
    });

    route(app, api.health.setMaintenance, async (request) => ({
      maintenance: await service.setMaintenance(request.principal(), request.body.maintenance),
    }));

    route(app, api.health.clearCache, async (request) =>
      caches.clearCache(request.principal(), request.params.kind),
    );
  };
}
