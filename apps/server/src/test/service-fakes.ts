/**
 * What service unit tests need besides their faked repository: callers of every role, the real
 * authorization step over a fixed account tree, and caches without the live bus.
 */
import type { CacheKind, Device, RoleKey } from '@aerie/contract';
import type { Principal } from '../plugins/auth.js';
import { createAuthorize, type Authorize } from '../plugins/authorization.js';
import { createTtlCache, type CacheRegistry } from '../plugins/cache.js';

/**
 * Accounts of service unit tests: the caller's own account and its child (the account tree of
 * an Account Admin or Credentialed user), and an account outside that tree.
 */
export const OWN_ACCOUNT = '0a000000-0000-4000-8000-000000000001';
export const CHILD_ACCOUNT = '0a000000-0000-4000-8000-000000000002';
export const OTHER_ACCOUNT = '0a000000-0000-4000-8000-000000000003';

/** A user of a role in the caller's own account. */
export function principalOf(role: RoleKey): Principal {
  return { userId: `user-${role}`, accountId: OWN_ACCOUNT, role, apiClientId: null };
}

/**
 * The real authorization step over a fixed account tree: users who are not staff see `tree`
 * (by default their own account and its child), staff every account.
 */
export function authorizeOver(tree: readonly string[] = [OWN_ACCOUNT, CHILD_ACCOUNT]): Authorize {
  return createAuthorize({ visibleAccountIds: async () => tree });
}

/** A repository method a test does not expect to be called. */
export function unused(name: string): () => never {
  return () => {
    throw new Error(`${name} was not expected to be called`);
  };
}

/** Caches of one instance, without the live bus; `cleared` lists the kinds cleared. */
export function fakeCaches(): CacheRegistry & { cleared: CacheKind[] } {
  const cleared: CacheKind[] = [];
  return {
    cleared,
    register: (_kind, _name, options) => createTtlCache(options),
    async clear(kind) {
      cleared.push(kind);
    },
    names: () => [],
    close: () => {},
  };
}

/** A device as the portal presents it, in an account of these tests. */
export function deviceOf(id: string, accountId: string, over: Partial<Device> = {}): Device {
  return {
    id,
    name: `Vessel ${id}`,
    serial: `SN-${id}`,
    type: 'Maritime',
    productCode: null,
    productName: null,
    product: null,
    accountId,
    accountName: `Account of ${id}`,
    private: false,
    provisioned: true,
    activated: true,
    enableCellTraffic: false,
    syncInProgress: false,
    salesforceAssetId: null,
    publicKey: null,
    features: [],
    components: [
      { type: 'GeoModem', model: 'GM-X7', assetId: null, serial: `GM-${id}` },
      { type: 'Antenna', model: 'U8', assetId: null, serial: `AN-${id}` },
    ],
    networkStatus: {
      satelliteOnline: true,
      cellularOnline: false,
      satelliteSignal: null,
      cellularSignal: null,
      wifi: null,
      beam: null,
      satelliteLastUpdated: null,
      cellularLastUpdated: null,
    },
    location: {
      coordinates: null,
      satelliteLocationUpdatedOn: null,
      cellularLocationUpdatedOn: null,
    },
    software: {
      currentVersion: '2.1.0',
      targetVersion: null,
      locked: false,
      lastUpdatedOn: null,
      lastCheckin: null,
    },
    activeSubscription: null,
    subscriptionHistory: [],
    totalSatelliteUsage: 0,
    totalCellularUsage: 0,
    satelliteNetworkConfiguration: null,
    simConfiguration: null,
    ...over,
  };
}
