import { endpoint } from '../http/endpoint.js';
import { jobIdParamsSchema, jobListQuerySchema, jobListSchema, jobSchema } from '../jobs/jobs.js';

/** Jobs (spec 001 §7; docs/decisions/012-zones-and-jobs.md). */
export const jobsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/jobs',
    tags: ['jobs'],
    summary:
      "A page of the caller's active (queued or running) jobs and those finished in the last 24 hours, newest first",
    access: { kind: 'permission', permission: 'portal.access', check: 'route' },
    query: jobListQuerySchema,
    responses: { 200: jobListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v2/jobs/{id}',
    tags: ['jobs'],
    summary: 'One job with its payload and result',
    access: { kind: 'permission', permission: 'portal.access', check: 'route' },
    params: jobIdParamsSchema,
    responses: { 200: jobSchema },
  }),
} as const;
