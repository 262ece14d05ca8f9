import { createApiClientsRepository } from '../../identity/api-clients.repository.js';
import type { FeatureFactory } from '../feature.js';
import { apiClientsRoutes } from './api-clients.routes.js';
import { createApiClientsService } from './api-clients.service.js';

/** The caller's API clients (client credentials for scripts), kept by the identity provider. */
export const createApiClientsFeature: FeatureFactory<'authorize'> = ({
  pool,
  config,
  services,
}) => {
  const service = createApiClientsService(
    createApiClientsRepository(pool),
    // The portal's own client id is never an API client's.
    [config.identity.clientId],
    services.authorize,
  );
  return { name: 'api-clients', routes: apiClientsRoutes(service) };
};
