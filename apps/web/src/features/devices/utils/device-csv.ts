import {
  DEVICE_LIST_MAX_TAKE,
  type Component,
  type DeviceListField,
  type DeviceListItem,
} from '@aerie/contract';
import dayjs from 'dayjs';
import { toCsv } from '../../../lib/csv';

/** spec 001 §2 "Export to CSV": the columns, in this order. */
export const DEVICE_CSV_COLUMNS = [
  'Id',
  'Name',
  'Serial',
  'KPC',
  'Account',
  'SatelliteOnline',
  'CellularOnline',
  'GeoModem.Serial',
  'Antenna.Serial',
  'HybridRouter.Serial',
] as const;

/** The export's fetch: up to 10000 devices (spec 001 §9), with what the columns need. */
export const DEVICE_EXPORT_TAKE = DEVICE_LIST_MAX_TAKE;
export const DEVICE_EXPORT_FIELDS: readonly DeviceListField[] = [
  'Id',
  'Name',
  'Serial',
  'ProductCode',
  'AccountName',
  'NetworkStatus',
  'Components',
];

/** The serial of the device's first component of a type, or empty. */
export function componentSerial(
  components: readonly Component[] | undefined,
  type: Component['type'],
): string {
  return components?.find((component) => component.type === type)?.serial ?? '';
}

/** One device as the export's row: online states as true/false, empty when unknown. */
export function deviceCsvRow(device: DeviceListItem): (string | boolean | null)[] {
  return [
    device.id ?? '',
    device.name ?? '',
    device.serial ?? '',
    device.productCode ?? '',
    device.accountName ?? '',
    device.networkStatus?.satelliteOnline ?? null,
    device.networkStatus?.cellularOnline ?? null,
    componentSerial(device.components, 'GeoModem'),
    componentSerial(device.components, 'Antenna'),
    componentSerial(device.components, 'HybridRouter'),
  ];
}

export function buildDevicesCsv(devices: readonly DeviceListItem[]): string {
  return toCsv(DEVICE_CSV_COLUMNS, devices.map(deviceCsvRow));
}

/** `devices-{yyyy-MM-dd}.csv` (spec 001 §9 date format), local date. */
export function deviceExportFileName(now: Date): string {
  return `devices-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
