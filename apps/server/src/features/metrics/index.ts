import type { FeatureFactory } from '../feature.js';
import { createMetricsRepository } from './metrics.repository.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createMetricsRepository } from './metrics.repository.js';

/** Metric queries (`POST /v2/devices/metrics`). */
export const createMetricsFeature: FeatureFactory<'authorize'> = ({ pool, services }) => ({
  name: 'metrics',
  routes: metricsRoutes(createMetricsService(createMetricsRepository(pool), services.authorize)),
});
