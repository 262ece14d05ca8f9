import type { FeatureFactory } from '../feature.js';
import { createZonesRepository } from './zones.repository.js';
import { zonesRoutes } from './zones.routes.js';
import { createZonesService } from './zones.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createZonesRepository } from './zones.repository.js';

/** Zones: named polygons on the map. */
export const createZonesFeature: FeatureFactory<'authorize'> = ({ pool, services }) => ({
  name: 'zones',
  routes: zonesRoutes(createZonesService(createZonesRepository(pool), services.authorize)),
});
