import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createZonesRepository } from './zones.repository.js';
import { zonesRoutes } from './zones.routes.js';
import { createZonesService } from './zones.service.js';

/** Wires the zones feature. */
export function createZonesFeature(pool: pg.Pool, tenancy: Tenancy) {
  const service = createZonesService(createZonesRepository(pool), tenancy);
  return { service, routes: zonesRoutes(service) };
}
