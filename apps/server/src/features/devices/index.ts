import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createDevicesRepository } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

/** Wires the devices feature. */
export function createDevicesFeature(pool: pg.Pool, tenancy: Tenancy) {
  const service = createDevicesService(createDevicesRepository(pool), tenancy);
  return { service, routes: devicesRoutes(service) };
}
