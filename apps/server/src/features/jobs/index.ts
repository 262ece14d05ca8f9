import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createJobsRepository } from './jobs.repository.js';
import { jobsRoutes } from './jobs.routes.js';
import { createJobsService } from './jobs.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createJobsRepository } from './jobs.repository.js';

export { IllegalJobTransitionError, type JobsService } from './jobs.service.js';
export { canTransition, JOB_TRANSITIONS } from './jobs.lifecycle.js';

/**
 * Jobs. It provides `jobs`, the jobs API services.ts hands to features that run jobs:
 * `createJob`, `markRunning` and `finish` follow the state machine of jobs.lifecycle.ts.
 */
export function createJobsFeature({
  pool,
  services,
}: FeatureContext<'authorize'>): ServerFeature & Pick<AppServices, 'jobs'> {
  const service = createJobsService(createJobsRepository(pool), services.authorize);
  return { name: 'jobs', routes: jobsRoutes(service), jobs: service };
}
