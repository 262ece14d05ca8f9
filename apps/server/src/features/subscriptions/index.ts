import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createSubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/** Wires the subscriptions feature. */
export function createSubscriptionsFeature(pool: pg.Pool, tenancy: Tenancy) {
  const service = createSubscriptionsService(createSubscriptionsRepository(pool), tenancy);
  return { service, routes: subscriptionsRoutes(service) };
}
