import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import { createDeviceFeaturesRepository } from './device-features.repository.js';
import { deviceFeaturesRoutes } from './device-features.routes.js';
import { createDeviceFeaturesService } from './device-features.service.js';
import { loadFeatureSigningKey, type FeatureSigningKey } from './feature-certificate.js';

export interface DeviceFeaturesFeatureOptions {
  pool: pg.Pool;
  authorize: Authorize;
  deviceInScope: DeviceInScope;
  /** The portal's public address: the issuer of feature certificates. */
  publicUrl: string;
  brand: string;
}

/** Wires device features, feature certificates and antenna options files. */
export function createDeviceFeaturesFeature({
  pool,
  authorize,
  deviceInScope,
  publicUrl,
  brand,
}: DeviceFeaturesFeatureOptions) {
  let key: Promise<FeatureSigningKey> | null = null;
  const signingKey = () => {
    key ??= loadFeatureSigningKey(pool).catch((error: unknown) => {
      key = null; // try again on the next call
      throw error;
    });
    return key;
  };
  const service = createDeviceFeaturesService({
    repo: createDeviceFeaturesRepository(pool),
    authorize,
    deviceInScope,
    signingKey,
    issuer: publicUrl,
    brand,
  });
  return { service, routes: deviceFeaturesRoutes(service) };
}
