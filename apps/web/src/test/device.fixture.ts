import { deviceSchema, type Device, type NetworkStatus } from '@aerie/contract';
import { buildNetworkStatus } from './fixtures';

/** A device that has never reported anything. */
export const silentNetworkStatus: NetworkStatus = buildNetworkStatus();

/** A complete, valid device for component tests; `overrides` replace top-level fields. */
export function buildDevice(overrides: Partial<Device> = {}): Device {
  return deviceSchema.parse({
    id: '5b1d7f4e-8a2c-4d6b-9e3f-1a2b3c4d5e6f',
    name: 'Northern Star',
    serial: 'KNG-2400017',
    type: 'terminal',
    productCode: 'KNG-U8',
    productName: 'Kinetic U8 Maritime',
    product: { geoModemModel: 'GM-X7', leoModemModel: null, bucModel: 'BUC-8W' },
    accountId: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00',
    accountName: 'Northwind Maritime',
    private: false,
    provisioned: true,
    activated: true,
    enableCellTraffic: true,
    syncInProgress: false,
    salesforceAssetId: '02i7F00000A1b2C3',
    publicKey: 'MCowBQYDK2VwAyEAabc=',
    features: ['GNSS'],
    components: [
      { type: 'Antenna', model: 'ANT-U8', assetId: 'A-1', serial: 'ANT0001' },
      { type: 'GeoModem', model: 'GM-X7', assetId: null, serial: 'GM00042' },
    ],
    networkStatus: {
      satelliteOnline: true,
      cellularOnline: false,
      satelliteSignal: 4.5,
      cellularSignal: -12,
      wifi: null,
      beam: 'Atlantic East',
      satelliteLastUpdated: '2026-11-22T11:58:00.000Z',
      cellularLastUpdated: null,
    },
    location: {
      coordinates: { latitude: 51.5, longitude: -3.2 },
      satelliteLocationUpdatedOn: '2026-11-22T11:55:00.000Z',
      cellularLocationUpdatedOn: '1970-01-01T00:00:00.000Z',
    },
    software: {
      currentVersion: '4.2.1',
      targetVersion: '4.3.0',
      locked: false,
      lastUpdatedOn: '2026-10-01T08:30:05.000Z',
      lastCheckin: '2026-11-22T07:04:09.000Z',
    },
    activeSubscription: {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      subscriptionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      description: 'Maritime Unlimited',
      dataLimitInGb: 9999,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2027-01-01T00:00:00.000Z',
      active: true,
      hasSatellite: true,
      hasCellular: true,
      canProvision: true,
      canActivate: true,
      networkIdentifiers: ['Evolution'],
      requiresNetworkConfiguration: true,
    },
    subscriptionHistory: [
      {
        id: '0d3f2a1b-6c5e-4f7a-8b9c-0d1e2f3a4b5c',
        startDate: '2025-01-01T00:00:00.000Z',
        endDate: '2026-01-01T00:00:00.000Z',
      },
    ],
    totalSatelliteUsage: 1_536_000,
    totalCellularUsage: 0,
    satelliteNetworkConfiguration: null,
    simConfiguration: null,
    ...overrides,
  });
}
