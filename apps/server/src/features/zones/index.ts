import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import { createZonesRepository } from './zones.repository.js';
import { zonesRoutes } from './zones.routes.js';
import { createZonesService } from './zones.service.js';

/** Wires the zones feature. */
export function createZonesFeature(pool: pg.Pool, authorize: Authorize) {
  const service = createZonesService(createZonesRepository(pool), authorize);
  return { service, routes: zonesRoutes(service) };
}
