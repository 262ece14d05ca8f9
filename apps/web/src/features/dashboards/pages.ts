import { lazyRouteComponent } from '@tanstack/react-router';
import { lazyComponent } from '../../lib/lazy-component';
import { definePages } from '../../lib/pages';

/** The personal dashboards (spec 002 §2 "Dashboard"). */
export const dashboardsPages = definePages({
  dashboard: {
    component: lazyRouteComponent(() => import('./pages/dashboard-page'), 'DashboardPage'),
  },
});

/**
 * The pin control (pinToDash) the app hands to the pages of devices and subscriptions through
 * `lib/pin-slot`; its module loads when a page first shows it.
 */
export const PinToDashboard = lazyComponent(() =>
  import('./components/pin-to-dashboard').then((module) => module.PinToDashboard),
);
