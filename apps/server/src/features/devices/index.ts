import type pg from 'pg';
import type { Device } from '@aerie/contract';
import type { AccountScope, Tenancy } from '../../plugins/tenancy.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { presentDevice } from './devices.presenter.js';
import { createDevicesRepository, type DevicesRepositoryOptions } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

/** One device as `GET /v2/devices/{id}` presents it, or null outside the scope or deleted. */
export type FindDevice = (scope: AccountScope, id: string) => Promise<Device | null>;

/**
 * Wires the devices feature. `findDevice` is what other features receive from app.ts to read
 * a device exactly as the portal shows it (device operations check their rules on it).
 */
export function createDevicesFeature(
  pool: pg.Pool,
  tenancy: Tenancy,
  caches: CacheRegistry,
  options: DevicesRepositoryOptions = {},
) {
  const repo = createDevicesRepository(pool, options);
  const service = createDevicesService(repo, tenancy, caches);
  const findDevice: FindDevice = async (scope, id) => {
    const rows = await repo.findById(scope, id);
    return rows ? presentDevice(rows) : null;
  };
  return { service, routes: devicesRoutes(service), findDevice };
}
