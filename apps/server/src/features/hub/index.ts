import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { HubAdapter } from '../../adapters/hub-adapter.js';
import { createHubRepository } from './hub.repository.js';
import { hubRoutes } from './hub.routes.js';
import { createHubStateService } from './hub-state.service.js';

/** Wires the hub state read (`GET /v2/devices/{id}/hubState`) over a hub adapter. */
export function createHubFeature(options: {
  pool: pg.Pool;
  hub: HubAdapter;
  authorize: Authorize;
  deviceInScope: DeviceInScope;
  brand: string;
  log: { warn(o: object, msg: string): void };
}) {
  const repo = createHubRepository(options.pool);
  const { hub, authorize, deviceInScope, log } = options;
  const service = createHubStateService({ repo, hub, authorize, deviceInScope, log });
  return { repo, service, routes: hubRoutes(service, options.brand) };
}
