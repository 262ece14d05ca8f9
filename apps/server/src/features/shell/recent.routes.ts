import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { RecentService } from './recent.service.js';

/** The store actions of spec 000 §7 whose paths the spec does not show. */
export function recentRoutes(service: RecentService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.shell.searchHistory, async (request) =>
      service.searchHistory(request.principal()),
    );
    route(app, api.shell.addSearchTerm, async (request) =>
      service.addSearchTerm(request.principal(), request.body.term),
    );

    route(app, api.shell.recentResults, async (request) =>
      service.recentResults(request.principal()),
    );
    route(app, api.shell.addRecentResult, async (request) =>
      service.addRecentResult(request.principal(), request.body),
    );

    route(app, api.shell.recentItems, async (request) =>
      service.recentItems(request.principal(), request.params.kind),
    );
    route(app, api.shell.addRecentItem, async (request) =>
      service.addRecentItem(request.principal(), request.params.kind, request.body),
    );
  };
}
