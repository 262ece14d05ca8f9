import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** Home, the admin sections, the reports placeholder and the public load-error page. */
export const shellPages = definePages({
  home: { component: lazyRouteComponent(() => import('./pages/home-page'), 'HomePage') },
  reports: { component: lazyRouteComponent(() => import('./pages/reports-page'), 'ReportsPage') },
  admin: { component: lazyRouteComponent(() => import('./pages/admin-page'), 'AdminPage') },
  // The welcome page is a static document of its own (welcome.html): the app loads it.
  welcome: {
    component: lazyRouteComponent(
      () => import('./pages/public/welcome-document-page'),
      'WelcomeDocumentPage',
    ),
  },
  loadError: {
    component: lazyRouteComponent(() => import('./pages/public/load-error-page'), 'LoadErrorPage'),
  },
});
