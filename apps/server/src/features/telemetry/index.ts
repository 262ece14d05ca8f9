import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import { cachedTable, type CacheRegistry } from '../../plugins/cache.js';
import { createIngestionService } from './ingestion.service.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { telemetryRoutes } from './telemetry.routes.js';

/** How long ingestion trusts its list of metric types; a Device cache clear drops it at once. */
export const METRIC_TYPES_TTL_MS = 10 * 60_000;

/** Wires terminal telemetry ingestion (`POST /v2/telemetry/reports`). */
export function createTelemetryFeature(pool: pg.Pool, caches: CacheRegistry, authorize: Authorize) {
  const repo = createTelemetryRepository(pool);
  const knownMetrics = cachedTable(
    caches,
    'device',
    'telemetry metric types',
    METRIC_TYPES_TTL_MS,
    () => repo.metricTypes(),
  );
  const ingestion = createIngestionService(repo, authorize, knownMetrics);
  return { ingestion, routes: telemetryRoutes(ingestion) };
}
