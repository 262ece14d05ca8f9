import type pg from 'pg';
import { createIngestionService } from './ingestion.service.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { telemetryRoutes } from './telemetry.routes.js';

/** Wires terminal telemetry ingestion (`POST /v2/telemetry/reports`). */
export function createTelemetryFeature(pool: pg.Pool) {
  const ingestion = createIngestionService(createTelemetryRepository(pool));
  return { ingestion, routes: telemetryRoutes(ingestion) };
}
