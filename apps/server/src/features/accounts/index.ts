import type { AppServices, FeatureContext, ServerFeature } from '../feature.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createAccountsRepository } from './accounts.repository.js';

/**
 * Accounts. It provides `authorize` (over `tenancy`), which services.ts hands to every other
 * feature.
 */
export function createAccountsFeature({
  pool,
  services,
}: FeatureContext<'caches'>): ServerFeature & Pick<AppServices, 'authorize' | 'tenancy'> {
  const service = createAccountsService(createAccountsRepository(pool), services.caches);
  return {
    name: 'accounts',
    routes: accountsRoutes(service),
    tenancy: service.tenancy,
    authorize: service.authorize,
  };
}
