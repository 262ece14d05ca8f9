import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRecentItemSchema,
  recentItemKindParamsSchema,
  recentItemListSchema,
  recentResultListSchema,
  recentResultSchema,
  searchHistoryEntrySchema,
  searchHistorySchema,
} from '@aerie/contract';
import type { RecentService } from './recent.service.js';

/** The store actions of spec 000 §7 whose paths the spec does not show. */
export function recentRoutes(service: RecentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/users/me/searchHistory',
      {
        schema: {
          tags: ['shell'],
          summary: "The caller's search history, newest first",
          response: { 200: searchHistorySchema },
        },
      },
      async (request) => service.searchHistory(request.principal()),
    );
    app.post(
      '/v2/users/me/searchHistory',
      {
        schema: {
          tags: ['shell'],
          summary: 'Add a term to the search history (5 kept; a repeated term moves to the front)',
          body: searchHistoryEntrySchema,
          response: { 200: searchHistorySchema },
        },
      },
      async (request) => service.addSearchTerm(request.principal(), request.body.term),
    );

    app.get(
      '/v2/users/me/recentResults',
      {
        schema: {
          tags: ['shell'],
          summary: "The caller's recent search results, newest first",
          response: { 200: recentResultListSchema },
        },
      },
      async (request) => service.recentResults(request.principal()),
    );
    app.post(
      '/v2/users/me/recentResults',
      {
        schema: {
          tags: ['shell'],
          summary: 'Add a recent search result (5 kept; the same item moves to the front)',
          body: recentResultSchema,
          response: { 200: recentResultListSchema },
        },
      },
      async (request) => service.addRecentResult(request.principal(), request.body),
    );

    app.get(
      '/v2/users/me/recentItems/:kind',
      {
        schema: {
          tags: ['shell'],
          summary: "The caller's recent items of a kind, newest first",
          params: recentItemKindParamsSchema,
          response: { 200: recentItemListSchema },
        },
      },
      async (request) => service.recentItems(request.principal(), request.params.kind),
    );
    app.post(
      '/v2/users/me/recentItems/:kind',
      {
        schema: {
          tags: ['shell'],
          summary: 'Record a visit (10 kept per kind; the oldest by timestamp is dropped)',
          params: recentItemKindParamsSchema,
          body: addRecentItemSchema,
          response: { 200: recentItemListSchema },
        },
      },
      async (request) =>
        service.addRecentItem(request.principal(), request.params.kind, request.body),
    );
  };
}
