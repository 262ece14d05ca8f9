import type { FeatureFactory } from '../feature.js';
import { createDeviceFeaturesRepository } from './device-features.repository.js';
import { deviceFeaturesRoutes } from './device-features.routes.js';
import { createDeviceFeaturesService } from './device-features.service.js';
import { loadFeatureSigningKey, type FeatureSigningKey } from './feature-certificate.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createDeviceFeaturesRepository } from './device-features.repository.js';

/** Device features, feature certificates and antenna options files. */
export const createDeviceFeaturesFeature: FeatureFactory<'authorize' | 'deviceInScope'> = ({
  pool,
  config,
  services: { authorize, deviceInScope },
}) => {
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
    // The portal's public address is the issuer of feature certificates.
    issuer: config.publicUrl,
    brand: config.brand,
  });
  return { name: 'device-features', routes: deviceFeaturesRoutes(service) };
};
