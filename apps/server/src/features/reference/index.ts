import type { FastifyPluginAsync } from 'fastify';
import type { FeatureFactory } from '../feature.js';
import { createAccessStatsRepository } from './access-stats.repository.js';
import { accessStatsRoutes } from './access-stats.routes.js';
import { createAccessStatsService } from './access-stats.service.js';
import { createReferenceRepository } from './reference.repository.js';
import { referenceRoutes } from './reference.routes.js';
import { createReferenceService } from './reference.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createReferenceRepository } from './reference.repository.js';

/** The reference data calls and the access statistics. */
export const createReferenceFeature: FeatureFactory<'caches' | 'authorize'> = ({
  pool,
  config,
  services: { caches, authorize },
}) => {
  const reference = createReferenceService(createReferenceRepository(pool), caches, authorize);
  const accessStats = createAccessStatsService(
    createAccessStatsRepository(pool),
    authorize,
    caches,
    {
      brand: config.brand,
      staffEmailDomain: config.staffEmailDomain,
    },
  );
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(referenceRoutes(reference));
    await app.register(accessStatsRoutes(accessStats, config.brand));
  };
  return { name: 'reference', routes };
};
