import type pg from 'pg';
import type { Authorize } from '../../plugins/authorization.js';
import { createJobsRepository } from './jobs.repository.js';
import { jobsRoutes } from './jobs.routes.js';
import { createJobsService } from './jobs.service.js';

export { IllegalJobTransitionError, type JobsService } from './jobs.service.js';
export { canTransition, JOB_TRANSITIONS } from './jobs.lifecycle.js';

/**
 * Wires the jobs feature. `service` is also the jobs API other features receive from app.ts:
 * `createJob`, `markRunning` and `finish` follow the state machine of jobs.lifecycle.ts.
 */
export function createJobsFeature(pool: pg.Pool, authorize: Authorize) {
  const service = createJobsService(createJobsRepository(pool), authorize);
  return { service, routes: jobsRoutes(service) };
}
