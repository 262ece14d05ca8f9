/**
 * The monthly subscription report's public surface (CONVENTIONS §2): the pane, loaded when
 * first opened, and the one way to open it.
 */
import { lazyComponent } from '../../lib/lazy-component';
import { openContextPane } from '../../lib/context-pane-store';

export const SubscriptionReportPane = lazyComponent(() =>
  import('./components/subscription-report-pane').then((m) => m.SubscriptionReportPane),
);

/** Opens the monthly subscription report pane (closing any other pane). */
export function openSubscriptionReport(): void {
  openContextPane('subscriptionReport');
}
