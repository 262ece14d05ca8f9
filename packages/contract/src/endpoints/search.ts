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
    summary: 'Devices, remotes, subscriptions and documents matching a term (the top bar search)',
    description:
      'Devices match by name, serial, the serial of any component (IMEI and ICCID included) and remote id; subscriptions by number and name, literally (`%`, `_` and `\\` match themselves); documents by their words and file name (decision 040). With `maxResults` (≤ 999): `{documents}`, the document search, marks in U+E000…U+E001.',
    access: { kind: 'signedIn' },
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
  }),
} as const;
