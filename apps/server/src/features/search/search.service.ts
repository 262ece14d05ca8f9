import {
  SEARCH_AUTOCOMPLETE_TAKE,
  type SearchDeviceResult,
  type SearchQuery,
  type SearchResponse,
  type SearchResults,
} from '@aerie/contract';
import { can, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { sharedCounts, type CacheRegistry } from '../../plugins/cache.js';
import { scopeKey } from '../../plugins/tenancy.js';
import type { AppServices } from '../feature.js';
import type { DeviceSearchRow, SearchRepository } from './search.repository.js';

function presentDevice(row: DeviceSearchRow): SearchDeviceResult {
  return {
    type: row.field === 'remoteId' ? 'remote' : 'device',
    id: row.id,
    name: row.name,
    match:
      row.field === 'name'
        ? null
        : { field: row.field, componentType: row.componentType, value: row.value },
  };
}

/**
 * How long an answer's devices and subscriptions are reused for the same term, scope and role
 * (the search cache of spec 000 §4, which staff can clear): a term typed by many users of one
 * scope, or typed again, is searched once. A rename and the subscription changes clear it.
 */
export const SEARCH_TTL_MS = 10_000;

export function createSearchService(
  repo: SearchRepository,
  authorize: Authorize,
  documents: Pick<AppServices['documents'], 'suggest' | 'search'>,
  caches: CacheRegistry,
) {
  const answers = sharedCounts<Pick<SearchResults, 'devices' | 'subscriptions'>>(
    caches,
    'search',
    'search answers',
    { ttlMs: SEARCH_TTL_MS, maxEntries: 2_000 },
  );
  return {
    /**
     * `GET /v2/search`: each group only for a role that may see it, and only within the
     * caller's accounts; the document library is every signed-in user's. With `maxResults`,
     * the document search alone (spec 002 §7).
     */
    async autocomplete(principal: Principal, query: SearchQuery): Promise<SearchResponse> {
      const { searchTerm, maxResults } = query;
      const { scope } = await authorize(principal, { kind: 'signedIn' });
      if (maxResults !== undefined) {
        return { documents: await documents.search(searchTerm, maxResults) };
      }
      const take = query.take ?? SEARCH_AUTOCOMPLETE_TAKE;
      const seesDevices = can(principal, 'devices.view');
      const seesSubscriptions = can(principal, 'subscriptions.view');
      const key = [scopeKey(scope), seesDevices, seesSubscriptions, take, searchTerm].join('|');
      const [tenant, docs] = await Promise.all([
        answers(key, async () => {
          const [devices, subscriptions] = await Promise.all([
            seesDevices ? repo.devices(scope, searchTerm, take) : [],
            seesSubscriptions ? repo.subscriptions(scope, searchTerm, take) : [],
          ]);
          return { devices: devices.map(presentDevice), subscriptions };
        }),
        documents.suggest(searchTerm, take),
      ]);
      return { ...tenant, docs };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
