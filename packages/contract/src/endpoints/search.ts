import { endpoint } from '../http/endpoint.js';
import { searchQuerySchema, searchResponseSchema } from '../search/search.js';

/**
 * Global search (spec 000 §2.7, §7) and the document search (spec 002 §7): every signed-in
 * user; each group holds only what the caller's role and accounts may see (devices with
 * devices.view, subscriptions with subscriptions.view; the document library is everyone's).
 */
export const searchEndpoints = {
  autocomplete: endpoint({
    method: 'GET',
    path: '/v2/search',
    tags: ['search'],
    summary:
      'Devices, remotes, subscriptions and documents matching a term (the top bar search), or with maxResults the document search',
    description:
      'Devices match by name, serial, the serial of any component (IMEI and ICCID included) and remote id; subscriptions by number and name. Matching is case-insensitive and literal (`%`, `_` and `\\` match themselves). Documents match by the words of their title, tags, description and text (full-text, English stemming; the last word of the top bar search as a prefix) and by any part of their file name or title, at most one per file name. ' +
      'With `maxResults` (at most 999) the answer is `{documents}` instead of the groups: the document search of the Resources pages, with highlights whose matches are enclosed in U+E000 and U+E001 (web search syntax: "quoted phrases", or, -excluded).',
    access: { kind: 'signedIn' },
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
  }),
} as const;
