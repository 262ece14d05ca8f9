import {
  SEARCH_AUTOCOMPLETE_TAKE,
  type SearchDeviceResult,
  type SearchQuery,
  type SearchResponse,
} from '@aerie/contract';
import { can, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
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

export function createSearchService(
  repo: SearchRepository,
  authorize: Authorize,
  documents: Pick<AppServices['documents'], 'suggest' | 'search'>,
) {
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
      const [devices, subscriptions, docs] = await Promise.all([
        can(principal, 'devices.view') ? repo.devices(scope, searchTerm, take) : [],
        can(principal, 'subscriptions.view') ? repo.subscriptions(scope, searchTerm, take) : [],
        documents.suggest(searchTerm, take),
      ]);
      return { devices: devices.map(presentDevice), subscriptions, docs };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
