import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';
import { subscriptionListSearchSchema } from './utils/subscription-list-view';

/** The subscriptions list and the tabs of the subscription detail (spec 001 §2). */
export const subscriptionsPages = definePages({
  subscriptions: {
    component: lazyRouteComponent(() => import('./pages/subscriptions-page'), 'SubscriptionsPage'),
    validateSearch: subscriptionListSearchSchema,
  },
  subscription2Overview: {
    component: lazyRouteComponent(
      () => import('./pages/subscription-pages'),
      'SubscriptionOverviewPage',
    ),
  },
  subscription2Json: {
    component: lazyRouteComponent(
      () => import('./pages/subscription-pages'),
      'SubscriptionJsonPage',
    ),
  },
});
