import type { Db } from '../../db/database.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { createReferenceRepository } from './reference.repository.js';
import { referenceRoutes } from './reference.routes.js';
import { createReferenceService } from './reference.service.js';

export interface ReferenceFeatureOptions {
  db: Db;
  caches: CacheRegistry;
}

/** Wires the reference data calls. */
export function createReferenceFeature({ db, caches }: ReferenceFeatureOptions) {
  const reference = createReferenceService(createReferenceRepository(db), caches);
  return { reference, routes: referenceRoutes(reference) };
}
