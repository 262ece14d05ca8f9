import type { FeatureFactory } from '../feature.js';
import { createHubRepository } from './hub.repository.js';
import { hubRoutes } from './hub.routes.js';
import { createHubStateService } from './hub-state.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createHubRepository } from './hub.repository.js';

/** The hub state read (`GET /v2/devices/{id}/hubState`) over the hub adapter. */
export const createHubFeature: FeatureFactory<'hub' | 'authorize' | 'deviceInScope'> = ({
  pool,
  config,
  log,
  services: { hub, authorize, deviceInScope },
}) => {
  const repo = createHubRepository(pool);
  const service = createHubStateService({ repo, hub, authorize, deviceInScope, log });
  return { name: 'hub', routes: hubRoutes(service, config.brand) };
};
