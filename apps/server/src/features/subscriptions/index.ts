import type { FeatureFactory } from '../feature.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createSubscriptionsRepository } from './subscriptions.repository.js';

/** Subscriptions: the list, one subscription, its usage and its devices. */
export const createSubscriptionsFeature: FeatureFactory<'authorize' | 'caches'> = ({
  pool,
  services: { authorize, caches },
}) => {
  const service = createSubscriptionsService(
    createSubscriptionsRepository(pool),
    authorize,
    caches,
  );
  return { name: 'subscriptions', routes: subscriptionsRoutes(service) };
};
