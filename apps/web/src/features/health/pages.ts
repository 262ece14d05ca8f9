import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** System health, and the public maintenance page (spec 000 §4; 002 §2). */
export const healthPages = definePages({
  health: { component: lazyRouteComponent(() => import('./pages/health-page'), 'HealthPage') },
  maintenance: {
    component: lazyRouteComponent(
      () => import('./pages/public/maintenance-page'),
      'MaintenancePage',
    ),
  },
});
