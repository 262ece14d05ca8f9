import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createDeviceConfigRepository } from './device-config.repository.js';
import { deviceConfigRoutes } from './device-config.routes.js';
import { createDeviceConfigService } from './device-config.service.js';
import { createNetworkMappingService } from './network-mapping.service.js';

/**
 * Wires the device configuration calls: DHCP calculation, network configuration, component
 * models, network mappings (required beams) and network templates.
 */
export function createDeviceConfigFeature(pool: pg.Pool, tenancy: Tenancy) {
  const repo = createDeviceConfigRepository(pool);
  const config = createDeviceConfigService(repo, tenancy);
  const mappings = createNetworkMappingService(repo, tenancy);
  return { config, mappings, routes: deviceConfigRoutes(config, mappings) };
}
