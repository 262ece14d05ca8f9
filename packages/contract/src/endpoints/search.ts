import { endpoint } from '../http/endpoint.js';
import { searchQuerySchema, searchResultsSchema } from '../search/search.js';

/**
 * Global search (spec 000 §2.7, §7): every signed-in user; each group holds only what the
 * caller's role and accounts may see (devices with devices.view, subscriptions with
 * subscriptions.view).
 */
export const searchEndpoints = {
  autocomplete: endpoint({
    method: 'GET',
    path: '/v2/search',
    tags: ['search'],
    summary: 'Devices, remotes and subscriptions matching a term (the top bar search)',
    description:
      'Devices match by name, serial, the serial of any component (IMEI and ICCID included) and remote id; subscriptions by number and name. Matching is case-insensitive and literal (`%`, `_` and `\\` match themselves).',
    access: { kind: 'signedIn' },
    query: searchQuerySchema,
    responses: { 200: searchResultsSchema },
  }),
} as const;
