import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { presentDevice } from './devices.presenter.js';
import { createDevicesRepository } from './devices.repository.js';
import { devicesRoutes } from './devices.routes.js';
import { createDevicesService } from './devices.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createDevicesRepository } from './devices.repository.js';

/**
 * Devices: the list, the device page and usage. It provides `deviceInScope`, the one lookup of
 * a device within the caller's accounts, exactly as the portal shows it (device operations
 * check their rules on it), which services.ts hands to every feature acting on a device.
 */
export function createDevicesFeature({
  pool,
  database,
  services,
}: FeatureContext<'authorize' | 'caches'>): ServerFeature & Pick<AppServices, 'deviceInScope'> {
  const repo = createDevicesRepository(pool, {
    preparedStatements: database.kind === 'postgres',
  });
  const service = createDevicesService(repo, services.authorize, services.caches);
  const deviceInScope: DeviceInScope = async (scope, id) => {
    const rows = await repo.findById(scope, id);
    return rows ? presentDevice(rows) : null;
  };
  return {
    name: 'devices',
    routes: devicesRoutes(service),
    deviceInScope,
    stop: () => service.close(),
  };
}
