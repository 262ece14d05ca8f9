import type { FeatureFactory } from '../feature.js';
import { createMetricsRepository } from './metrics.repository.js';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService } from './metrics.service.js';

/** Metric queries (`POST /v2/devices/metrics`). */
export const createMetricsFeature: FeatureFactory<'authorize'> = ({ pool, services }) => ({
  name: 'metrics',
  routes: metricsRoutes(createMetricsService(createMetricsRepository(pool), services.authorize)),
});
