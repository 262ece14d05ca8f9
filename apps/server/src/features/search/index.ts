import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { FeatureFactory } from '../feature.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

/**
 * Global search (spec 000 §2.7; docs/decisions/032-global-search.md) and the document search
 * (spec 002 §7; decision 040), whose documents the resources feature finds.
 */
export const createSearchFeature: FeatureFactory<'authorize' | 'documents' | 'caches'> = ({
  pool,
  database,
  services,
}) => {
  const repo = createSearchRepository(pool, { preparedStatements: database.kind === 'postgres' });
  const service = createSearchService(
    repo,
    services.authorize,
    services.documents,
    services.caches,
  );
  const routes: FastifyPluginAsync = async (app) => {
    route(app, api.search.autocomplete, async (request) =>
      service.autocomplete(request.principal(), request.query),
    );
  };
  return { name: 'search', routes };
};
