import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import { createMetricsRepository } from './metrics.repository.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

/** Wires metric queries (`POST /v2/devices/metrics`). */
export function createMetricsFeature(pool: pg.Pool, authorize: Authorize) {
  const service = createMetricsService(createMetricsRepository(pool), authorize);
  return { service, routes: metricsRoutes(service) };
}
