import { cachedTable } from '../../plugins/cache.js';
import { createDurableQueue } from '../../plugins/durable-queue.js';
import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createIngestionService } from './ingestion.service.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { telemetryRoutes } from './telemetry.routes.js';
import { createUsageAlertsRepository } from './usage-alerts.repository.js';
import { createUsageAlertNotifier } from './usage-alerts.service.js';

export type { IngestionService } from './ingestion.service.js';

/** How long ingestion trusts its list of metric types; a Device cache clear drops it at once. */
export const METRIC_TYPES_TTL_MS = 10 * 60_000;

/** The pg-boss queue whose worker sends the notifications of recorded usage alerts. */
export const USAGE_ALERTS_QUEUE = 'usage-alerts';

/**
 * Terminal telemetry ingestion (`POST /v2/telemetry/reports`). It provides `ingestion`, the
 * write path of terminal reports, which the fleet simulator uses too, and notifies the usage
 * alerts that ingestion records (docs/decisions/038-usage-alerts.md) from a durable queue.
 */
export function createTelemetryFeature({
  pool,
  log,
  services: { caches, authorize, publishNotification },
}: FeatureContext<'caches' | 'authorize' | 'publishNotification'>): ServerFeature &
  Pick<AppServices, 'ingestion'> {
  const repo = createTelemetryRepository(pool);
  const knownMetrics = cachedTable(
    caches,
    'device',
    'telemetry metric types',
    METRIC_TYPES_TTL_MS,
    () => repo.metricTypes(),
  );
  const alerts = createUsageAlertsRepository(pool);
  const notifier = createUsageAlertNotifier({ repo: alerts, publishNotification, log });
  const queue = createDurableQueue<Record<string, never>>({
    pool,
    name: USAGE_ALERTS_QUEUE,
    handle: async (_job, signal) => {
      await notifier.drain(signal);
    },
    retryLimit: 10,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 300,
    // A batch that records alerts wakes this instance's worker; polling picks up retries.
    pollingIntervalSeconds: 5,
    log,
  });
  const ingestion = createIngestionService(repo, authorize, knownMetrics, async () => {
    // The alerts are committed: a failed send leaves them for the next job or start.
    await queue.send({}).catch((err: unknown) => {
      log.warn({ err }, 'could not queue the notifying of usage alerts');
    });
  });
  return {
    name: 'telemetry',
    routes: telemetryRoutes(ingestion),
    ingestion,
    start: async () => {
      await queue.start();
      if (await alerts.hasPending()) await queue.send({});
    },
    stop: () => queue.stop(),
  };
}
