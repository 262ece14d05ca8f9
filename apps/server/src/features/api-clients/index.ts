import { createApiClientsRepository } from '../../identity/api-clients.repository.js';
import { announceCredentialsChange } from '../../plugins/credentials-events.js';
import type { FeatureFactory } from '../feature.js';
import { apiClientsRoutes } from './api-clients.routes.js';
import { createApiClientsService } from './api-clients.service.js';

/** The caller's API clients (client credentials for scripts), kept by the identity provider. */
export const createApiClientsFeature: FeatureFactory<'authorize' | 'bus'> = ({
  pool,
  services,
}) => {
  const service = createApiClientsService(
    createApiClientsRepository(pool),
    services.authorize,
    // Open live streams of the client's tokens end at once, on every instance.
    (userId) => announceCredentialsChange(services.bus, userId),
  );
  return { name: 'api-clients', routes: apiClientsRoutes(service) };
};
