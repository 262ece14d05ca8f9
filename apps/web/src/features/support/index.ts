/** The support feature's public surface (CONVENTIONS §2): the support pane, loaded when opened. */
import { lazyComponent } from '../../lib/lazy-component';

export const SupportPane = lazyComponent(() =>
  import('./components/support-pane').then((m) => m.SupportPane),
);
export { SUPPORT_PANE_TITLE } from './pane-title';
