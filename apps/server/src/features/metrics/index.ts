import type pg from 'pg';
import type { Tenancy } from '../../plugins/tenancy.js';
import { createMetricsRepository } from './metrics.repository.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

/** Wires metric queries (`POST /v2/devices/metrics`). */
export function createMetricsFeature(pool: pg.Pool, tenancy: Tenancy) {
  const service = createMetricsService(createMetricsRepository(pool), tenancy);
  return { service, routes: metricsRoutes(service) };
}
