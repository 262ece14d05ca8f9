import type { FeatureFactory } from '../feature.js';
import { createFeedRepository } from './feed.repository.js';
import { feedRoutes } from './feed.routes.js';
import { createFeedRetention } from './feed.retention.js';
import { createFeedService } from './feed.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createFeedRepository } from './feed.repository.js';

/**
 * Feedback, the browser's buffered telemetry events and its error reports, with their retention:
 * a cap per user on insert, and an hourly purge by age while the app runs.
 */
export const createFeedFeature: FeatureFactory<'authorize'> = ({ config, pool, log, services }) => {
  const repo = createFeedRepository(pool);
  const retention = createFeedRetention(repo, config.feedRetention, log);
  return {
    name: 'feed',
    routes: feedRoutes(createFeedService(repo, log, services.authorize, retention)),
    start: () => retention.start(),
    stop: () => retention.stop(),
  };
};
