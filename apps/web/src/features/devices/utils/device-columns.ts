import type { DeviceSortField } from '@aerie/contract';

/** The device list's columns in their default order; the ids are stored in list settings. */
export const deviceColumnIds = [
  'name',
  'serial',
  'kpc',
  'account',
  'satelliteOnline',
  'cellularOnline',
] as const;
export type DeviceColumnId = (typeof deviceColumnIds)[number];

/** The list-settings table name of the device list (spec 000 §5 "Serial on devices"). */
export const DEVICE_LIST_TABLE = 'devices';

/** The server's sort field for each column (spec 001 §7 `sortField`). */
export const deviceSortFieldByColumn: Record<DeviceColumnId, DeviceSortField> = {
  name: 'Name',
  serial: 'Serial',
  kpc: 'ProductCode',
  account: 'AccountName',
  satelliteOnline: 'NetworkStatus.SatelliteOnline',
  cellularOnline: 'NetworkStatus.CellularOnline',
};
