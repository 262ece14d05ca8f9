import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The staff page of support tickets (decision 034). */
export const supportPages = definePages({
  adminTickets: {
    component: lazyRouteComponent(() => import('./pages/tickets-page'), 'TicketsPage'),
  },
});
