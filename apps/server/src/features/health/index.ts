import { APP_VERSION } from '../../version.js';
import type { FeatureFactory } from '../feature.js';
import { createCachesService } from './caches.service.js';
import { databaseProbe, fileStoreProbe, identityProbe, type HealthProbe } from './health.probes.js';
import { createHealthRepository } from './health.repository.js';
import { healthRoutes } from './health.routes.js';
import { createHealthService } from './health.service.js';

/** The portal's own health and upkeep: liveness, the service map, maintenance mode, caches. */
export const createHealthFeature: FeatureFactory<'authorize' | 'caches'> = ({
  pool,
  database,
  config,
  services,
}) => {
  // Add probes for the job queue, hub and mail here when those services exist.
  const probes: HealthProbe[] = [
    databaseProbe(() => database.version()),
    identityProbe(
      config.identity.mode === 'embedded' ? `embedded ${APP_VERSION}` : config.identity.issuer,
    ),
    fileStoreProbe(config.dataDir),
  ];
  const health = createHealthService(createHealthRepository(pool), probes, services.authorize);
  const caches = createCachesService(services.caches, services.authorize);
  return { name: 'health', routes: healthRoutes(health, caches) };
};
