import type pg from 'pg';
import type { CacheRegistry } from '../../plugins/cache.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';

/**
 * Wires the accounts feature; `authorize` (over `tenancy`) is what every other feature receives
 * from app.ts.
 */
export function createAccountsFeature(pool: pg.Pool, caches: CacheRegistry) {
  const repository = createAccountsRepository(pool);
  const service = createAccountsService(repository, caches);
  return {
    repository,
    tenancy: service.tenancy,
    authorize: service.authorize,
    routes: accountsRoutes(service),
  };
}
