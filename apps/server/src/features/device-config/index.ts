import type pg from 'pg';
import { createDeviceConfigRepository } from './device-config.repository.js';
import { deviceConfigRoutes } from './device-config.routes.js';
import { createDeviceConfigService, type DeviceConfigAccess } from './device-config.service.js';
import { createNetworkMappingService } from './network-mapping.service.js';

/**
 * Wires the device configuration calls: DHCP calculation, network configuration, component
 * models, network mappings (required beams) and network templates.
 */
export function createDeviceConfigFeature(pool: pg.Pool, access: DeviceConfigAccess) {
  const repo = createDeviceConfigRepository(pool);
  const config = createDeviceConfigService(repo, access);
  const mappings = createNetworkMappingService(repo, access);
  return { config, mappings, routes: deviceConfigRoutes(config, mappings) };
}
