import type pg from 'pg';
import type { FastifyPluginAsync } from 'fastify';
import type { CacheRegistry } from '../../plugins/cache.js';
import type { Authorize } from '../../plugins/authorization.js';
import { createAccessStatsRepository } from './access-stats.repository.js';
import { accessStatsRoutes } from './access-stats.routes.js';
import { createAccessStatsService, type AccessStatsOptions } from './access-stats.service.js';
import { createReferenceRepository } from './reference.repository.js';
import { referenceRoutes } from './reference.routes.js';
import { createReferenceService } from './reference.service.js';

export interface ReferenceFeatureOptions extends AccessStatsOptions {
  pool: pg.Pool;
  caches: CacheRegistry;
  authorize: Authorize;
}

/** Wires the reference data calls and the access statistics. */
export function createReferenceFeature({ pool, caches, authorize, ...o }: ReferenceFeatureOptions) {
  const reference = createReferenceService(createReferenceRepository(pool), caches, authorize);
  const accessStats = createAccessStatsService(
    createAccessStatsRepository(pool),
    authorize,
    caches,
    o,
  );
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(referenceRoutes(reference));
    await app.register(accessStatsRoutes(accessStats, o.brand));
  };
  return { reference, accessStats, routes };
}
