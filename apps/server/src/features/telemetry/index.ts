import { cachedTable } from '../../plugins/cache.js';
import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createIngestionService } from './ingestion.service.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { telemetryRoutes } from './telemetry.routes.js';

export type { IngestionService } from './ingestion.service.js';

/** How long ingestion trusts its list of metric types; a Device cache clear drops it at once. */
export const METRIC_TYPES_TTL_MS = 10 * 60_000;

/**
 * Terminal telemetry ingestion (`POST /v2/telemetry/reports`). It provides `ingestion`, the
 * write path of terminal reports, which the fleet simulator uses too.
 */
export function createTelemetryFeature({
  pool,
  services: { caches, authorize },
}: FeatureContext<'caches' | 'authorize'>): ServerFeature & Pick<AppServices, 'ingestion'> {
  const repo = createTelemetryRepository(pool);
  const knownMetrics = cachedTable(
    caches,
    'device',
    'telemetry metric types',
    METRIC_TYPES_TTL_MS,
    () => repo.metricTypes(),
  );
  const ingestion = createIngestionService(repo, authorize, knownMetrics);
  return {
    name: 'telemetry',
    routes: telemetryRoutes(ingestion),
    ingestion,
  };
}
