import type pg from 'pg';
import type { CacheRegistry } from '../../plugins/cache.js';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/** Wires the subscriptions feature. */
export function createSubscriptionsFeature(pool: pg.Pool, tenancy: Tenancy, caches: CacheRegistry) {
  const service = createSubscriptionsService(createSubscriptionsRepository(pool), tenancy, caches);
  return { service, routes: subscriptionsRoutes(service) };
}
