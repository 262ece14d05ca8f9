import type { FastifyPluginAsync } from 'fastify';
import { PORTAL_SCOPES } from '@aerie/contract';
import type { FeatureFactory } from '../feature.js';
import { runtimeConfigRoutes } from './config.routes.js';
import { createRecentRepository } from './recent.repository.js';
import { recentRoutes } from './recent.routes.js';
import { createRecentService } from './recent.service.js';

/** The portal's frame: the runtime configuration, search history and recent items. */
export const createShellFeature: FeatureFactory<'authorize'> = ({ pool, config, services }) => {
  const recent = createRecentService(createRecentRepository(pool), services.authorize);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(
      runtimeConfigRoutes({
        brand: config.brand,
        apiUrl: '',
        liveUrl: '/live',
        authority: config.identity.issuer,
        clientId: config.identity.clientId,
        scope: PORTAL_SCOPES,
        mapsKey: config.mapsKey,
        cdnBase: config.cdnBase,
        statusRefreshSeconds: config.statusRefreshSeconds,
        support: config.support,
      }),
    );
    await app.register(recentRoutes(recent));
  };
  return { name: 'shell', routes };
};
