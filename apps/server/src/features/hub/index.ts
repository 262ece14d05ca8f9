import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import type { HubAdapter } from '../../adapters/hub-adapter.js';
import { createHubRepository } from './hub.repository.js';
import { hubRoutes } from './hub.routes.js';
import { createHubStateService } from './hub-state.service.js';

/** Wires the hub state read (`GET /v2/devices/{id}/hubState`) over a hub adapter. */
export function createHubFeature(options: {
  pool: pg.Pool;
  hub: HubAdapter;
  tenancy: Tenancy;
  brand: string;
  log: { warn(o: object, msg: string): void };
}) {
  const repo = createHubRepository(options.pool);
  const service = createHubStateService(repo, options.hub, options.tenancy, options.log);
  return { repo, service, routes: hubRoutes(service, options.brand) };
}
