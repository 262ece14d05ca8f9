import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The personal dashboards (spec 002 §2 "Dashboard"). */
export const dashboardsPages = definePages({
  dashboard: {
    component: lazyRouteComponent(() => import('./pages/dashboard-page'), 'DashboardPage'),
  },
});
