import { defaultUserSettings, type CurrentUser, type NetworkStatus } from '@aerie/contract';

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '0b9f7d8e-3c1a-4a55-9d7e-2f4b6a1c8e01',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    accountId: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00',
    accountName: 'Northwind Maritime',
    roleName: 'Aerie Admin',
    role: 'providerAdmin',
    loginType: 'Local',
    features: [],
    permissions: [],
    accountPermissions: {
      configuratorVisible: false,
      msrpPricesVisible: false,
      wholesalePricesVisible: false,
      commercialPriceBook: false,
      militaryPriceBook: false,
    },
    settings: defaultUserSettings,
    ...overrides,
  };
}

/** A device's network status with nothing reported, and the given values. */
export function buildNetworkStatus(overrides: Partial<NetworkStatus> = {}): NetworkStatus {
  return {
    satelliteOnline: null,
    cellularOnline: null,
    satelliteSignal: null,
    cellularSignal: null,
    wifi: null,
    beam: null,
    satelliteLastUpdated: null,
    cellularLastUpdated: null,
    ...overrides,
  };
}
