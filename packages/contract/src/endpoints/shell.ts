import { RUNTIME_CONFIG_PATH } from '../constants.js';
import { endpoint } from '../http/endpoint.js';
import { runtimeConfigSchema } from '../shell/runtime-config.js';
import {
  addRecentItemSchema,
  recentItemKindParamsSchema,
  recentItemListSchema,
  recentResultListSchema,
  recentResultSchema,
  searchHistoryEntrySchema,
  searchHistorySchema,
} from '../shell/shell.js';

/**
 * The runtime configuration (spec 000 §3) and the store actions of spec 000 §7 whose paths the
 * spec does not show: search history, recent results and recent items of the caller.
 */
export const shellEndpoints = {
  runtimeConfig: endpoint({
    method: 'GET',
    path: RUNTIME_CONFIG_PATH,
    tags: ['shell'],
    summary: 'The runtime configuration the browser reads at start',
    access: { kind: 'public' },
    responses: { 200: runtimeConfigSchema },
  }),
  searchHistory: endpoint({
    method: 'GET',
    path: '/v2/users/me/searchHistory',
    tags: ['shell'],
    summary: "The caller's search history, newest first",
    access: { kind: 'signedIn' },
    responses: { 200: searchHistorySchema },
  }),
  addSearchTerm: endpoint({
    method: 'POST',
    path: '/v2/users/me/searchHistory',
    tags: ['shell'],
    summary: 'Add a term to the search history (5 kept; a repeated term moves to the front)',
    access: { kind: 'signedIn' },
    body: searchHistoryEntrySchema,
    responses: { 200: searchHistorySchema },
  }),
  recentResults: endpoint({
    method: 'GET',
    path: '/v2/users/me/recentResults',
    tags: ['shell'],
    summary: "The caller's recent search results, newest first",
    access: { kind: 'signedIn' },
    responses: { 200: recentResultListSchema },
  }),
  addRecentResult: endpoint({
    method: 'POST',
    path: '/v2/users/me/recentResults',
    tags: ['shell'],
    summary: 'Add a recent search result (5 kept; the same item moves to the front)',
    access: { kind: 'signedIn' },
    body: recentResultSchema,
    responses: { 200: recentResultListSchema },
  }),
  recentItems: endpoint({
    method: 'GET',
    path: '/v2/users/me/recentItems/{kind}',
    tags: ['shell'],
    summary: "The caller's recent items of a kind, newest first",
    access: { kind: 'signedIn' },
    params: recentItemKindParamsSchema,
    responses: { 200: recentItemListSchema },
  }),
  addRecentItem: endpoint({
    method: 'POST',
    path: '/v2/users/me/recentItems/{kind}',
    tags: ['shell'],
    summary: 'Record a visit (10 kept per kind; the oldest by timestamp is dropped)',
    access: { kind: 'signedIn' },
    params: recentItemKindParamsSchema,
    body: addRecentItemSchema,
    responses: { 200: recentItemListSchema },
  }),
} as const;
