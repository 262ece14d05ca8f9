/** The API clients feature's public surface for other features (CONVENTIONS §2). */
import { lazyComponent } from '../../lib/lazy-component';

/** The user panel's API Clients tab, loaded when first opened. */
export const ApiClientsTab = lazyComponent(() =>
  import('./components/api-clients-tab').then((m) => m.ApiClientsTab),
);
