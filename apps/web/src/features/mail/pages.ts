import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The outbox for staff (decision 033). */
export const mailPages = definePages({
  adminMail: {
    component: lazyRouteComponent(() => import('./pages/mail-page'), 'MailPage'),
  },
});
