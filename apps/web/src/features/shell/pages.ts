import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** Home, the reports placeholder and the public load-error page (spec 000 §2.1). */
export const shellPages = definePages({
  home: { component: lazyRouteComponent(() => import('./pages/home-page'), 'HomePage') },
  reports: { component: lazyRouteComponent(() => import('./pages/reports-page'), 'ReportsPage') },
  loadError: {
    component: lazyRouteComponent(() => import('./pages/public/load-error-page'), 'LoadErrorPage'),
  },
});
