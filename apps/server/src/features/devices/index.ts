import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { createDevicesRepository } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

/** Wires the devices feature. */
export function createDevicesFeature(pool: pg.Pool, tenancy: Tenancy, caches: CacheRegistry) {
  const service = createDevicesService(createDevicesRepository(pool), tenancy, caches);
  return { service, routes: devicesRoutes(service) };
}
