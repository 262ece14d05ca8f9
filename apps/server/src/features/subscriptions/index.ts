import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/** Wires the subscriptions feature. */
export function createSubscriptionsFeature(
  pool: pg.Pool,
  authorize: Authorize,
  caches: CacheRegistry,
) {
  const service = createSubscriptionsService(
    createSubscriptionsRepository(pool),
    authorize,
    caches,
  );
  return { service, routes: subscriptionsRoutes(service) };
}
