import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { presentDevice } from './devices.presenter.js';
import { createDevicesRepository, type DevicesRepositoryOptions } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

/**
 * Wires the devices feature. `findDevice` is the `DeviceInScope` port other features receive
 * from app.ts: the one lookup of a device within the caller's accounts, exactly as the portal
 * shows it (device operations check their rules on it).
 */
export function createDevicesFeature(
  pool: pg.Pool,
  authorize: Authorize,
  caches: CacheRegistry,
  options: DevicesRepositoryOptions = {},
) {
  const repo = createDevicesRepository(pool, options);
  const service = createDevicesService(repo, authorize, caches);
  const findDevice: DeviceInScope = async (scope, id) => {
    const rows = await repo.findById(scope, id);
    return rows ? presentDevice(rows) : null;
  };
  return { service, routes: devicesRoutes(service), findDevice };
}
