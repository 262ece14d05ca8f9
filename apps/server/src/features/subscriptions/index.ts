import type { FeatureFactory } from '../feature.js';
import { createSubscriptionChangesRepository } from './subscription-changes.repository.js';
import { createSubscriptionChangesService } from './subscription-changes.service.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createSubscriptionsRepository } from './subscriptions.repository.js';

/** Subscriptions: the list, one subscription, its usage and its devices, and their changes. */
export const createSubscriptionsFeature: FeatureFactory<
  'authorize' | 'caches' | 'mailer' | 'publishNotification'
> = ({ pool, database, config, services: { authorize, caches, mailer, publishNotification } }) => {
  const service = createSubscriptionsService(
    createSubscriptionsRepository(pool, { preparedStatements: database.kind === 'postgres' }),
    authorize,
    caches,
  );
  const changes = createSubscriptionChangesService({
    repo: createSubscriptionChangesRepository(pool),
    reads: service,
    authorize,
    caches,
    mailer,
    publishNotification,
    brand: config.brand,
  });
  return { name: 'subscriptions', routes: subscriptionsRoutes(service, changes) };
};
