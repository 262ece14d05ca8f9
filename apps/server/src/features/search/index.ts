import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { FeatureFactory } from '../feature.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

/** Whether a call of `GET /v2/search` is the document search (`maxResults`, spec 002 §7). */
const documentSearch = (request: FastifyRequest): boolean =>
  (request.query as { maxResults?: unknown } | undefined)?.maxResults !== undefined;

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
    route(
      app,
      api.search.autocomplete,
      async (request) => service.autocomplete(request.principal(), request.query),
      // NOTE: the document search (maxResults) writes highlights of up to 999 texts of up to
      // 192 KiB each (decision 040): a heavy read, run under the caller's concurrency limit.
      { limits: { heavy: documentSearch } },
    );
  };
  return { name: 'search', routes };
};
