import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** Home, the reports placeholder and the public load-error page (spec 000 §2.1). */
export const shellPages = definePages({
  home: { component: lazyRouteComponent(() => import('./pages/home-page'), 'HomePage') },
  reports: { component: lazyRouteComponent(() => import('./pages/reports-page'), 'ReportsPage') },
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
