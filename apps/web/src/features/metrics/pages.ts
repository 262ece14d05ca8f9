import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The device detail's Metrics tab (spec 001 §2). */
export const metricsPages = definePages({
  deviceMetrics: {
    component: lazyRouteComponent(() => import('./pages/device-metrics-page'), 'DeviceMetricsPage'),
  },
});
