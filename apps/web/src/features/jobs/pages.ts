import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';
import { jobListSearchSchema } from './utils/job-display';

/** The caller's jobs and one job's detail (spec 001 §2 "Jobs"). */
export const jobsPages = definePages({
  jobs: {
    component: lazyRouteComponent(() => import('./pages/jobs-pages'), 'JobsPage'),
    validateSearch: jobListSearchSchema,
  },
  jobDetail: {
    component: lazyRouteComponent(() => import('./pages/jobs-pages'), 'JobDetailPage'),
  },
});
