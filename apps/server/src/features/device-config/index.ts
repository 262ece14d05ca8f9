import type { FeatureFactory } from '../feature.js';
import { createDeviceConfigRepository } from './device-config.repository.js';
import { deviceConfigRoutes } from './device-config.routes.js';
import { createDeviceConfigService } from './device-config.service.js';
import { createNetworkMappingService } from './network-mapping.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createDeviceConfigRepository } from './device-config.repository.js';

/**
 * The device configuration calls: DHCP calculation, network configuration, component models,
 * network mappings (required beams) and network templates.
 */
export const createDeviceConfigFeature: FeatureFactory<'authorize' | 'deviceInScope'> = ({
  pool,
  services: { authorize, deviceInScope },
}) => {
  const repo = createDeviceConfigRepository(pool);
  const access = { authorize, deviceInScope };
  const config = createDeviceConfigService(repo, access);
  const mappings = createNetworkMappingService(repo, access);
  return { name: 'device-config', routes: deviceConfigRoutes(config, mappings) };
};
