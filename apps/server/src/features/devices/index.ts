import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { createDevicesRepository, type DevicesRepositoryOptions } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

/** Wires the devices feature. */
export function createDevicesFeature(
  pool: pg.Pool,
  tenancy: Tenancy,
  caches: CacheRegistry,
  options: DevicesRepositoryOptions = {},
) {
  const service = createDevicesService(createDevicesRepository(pool, options), tenancy, caches);
  return { service, routes: devicesRoutes(service) };
}
