import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/** Wires the subscriptions feature. */
export function createSubscriptionsFeature(pool: pg.Pool, authorize: Authorize) {
  const service = createSubscriptionsService(createSubscriptionsRepository(pool), authorize);
  return { service, routes: subscriptionsRoutes(service) };
}
