import type { SearchDeviceResult, SearchQuery, SearchResults } from '@aerie/contract';
import { can, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
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

export function createSearchService(repo: SearchRepository, authorize: Authorize) {
  return {
    /**
     * `GET /v2/search`: each group only for a role that may see it, and only within the
     * caller's accounts.
     */
    async autocomplete(principal: Principal, query: SearchQuery): Promise<SearchResults> {
      const { searchTerm, take } = query;
      const { scope } = await authorize(principal, { kind: 'signedIn' });
      const [devices, subscriptions] = await Promise.all([
        can(principal, 'devices.view') ? repo.devices(scope, searchTerm, take) : [],
        can(principal, 'subscriptions.view') ? repo.subscriptions(scope, searchTerm, take) : [],
      ]);
      return { devices: devices.map(presentDevice), subscriptions };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
