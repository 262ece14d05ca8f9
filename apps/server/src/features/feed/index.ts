import type { FeatureFactory } from '../feature.js';
import { createFeedRepository } from './feed.repository.js';
import { feedRoutes } from './feed.routes.js';
import { createFeedService } from './feed.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createFeedRepository } from './feed.repository.js';

/** Feedback, the browser's buffered telemetry events and its error reports. */
export const createFeedFeature: FeatureFactory<'authorize'> = ({ pool, log, services }) => ({
  name: 'feed',
  routes: feedRoutes(createFeedService(createFeedRepository(pool), log, services.authorize)),
});
