import type { DeviceListItem } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { buildNetworkStatus } from '../../../test/fixtures';
import {
  buildDevicesCsv,
  componentSerial,
  DEVICE_CSV_COLUMNS,
  DEVICE_EXPORT_FIELDS,
  DEVICE_EXPORT_TAKE,
  deviceCsvRow,
  deviceExportFileName,
} from './device-csv';

const status = (satelliteOnline: boolean | null, cellularOnline: boolean | null) =>
  buildNetworkStatus({ satelliteOnline, cellularOnline });

const device: DeviceListItem = {
  id: '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f',
  name: 'Voyager, "North"',
  serial: 'KAN-0001',
  productCode: 'KPC-100',
  accountName: 'Northwind Maritime',
  networkStatus: status(true, false),
  components: [
    { type: 'Antenna', model: 'u8', assetId: null, serial: 'ANT-1' },
    { type: 'GeoModem', model: null, assetId: null, serial: 'GEO-1' },
    { type: 'GeoModem', model: null, assetId: null, serial: 'GEO-2' },
    { type: 'BUC', model: null, assetId: null, serial: 'BUC-1' },
  ],
};

describe('device CSV export', () => {
  it('has exactly the spec columns in the spec order', () => {
    expect(DEVICE_CSV_COLUMNS).toEqual([
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
    ]);
  });

  it('fetches up to 10000 devices with the fields the columns need', () => {
    expect(DEVICE_EXPORT_TAKE).toBe(10_000);
    expect(DEVICE_EXPORT_FIELDS.join(',')).toBe(
      'Id,Name,Serial,ProductCode,AccountName,NetworkStatus,Components',
    );
  });

  it('takes the first component serial of each type, empty when the device has none', () => {
    expect(componentSerial(device.components, 'GeoModem')).toBe('GEO-1');
    expect(componentSerial(device.components, 'Antenna')).toBe('ANT-1');
    expect(componentSerial(device.components, 'HybridRouter')).toBe('');
    expect(componentSerial(undefined, 'Antenna')).toBe('');
  });

  it('writes a row in column order, with online states true/false', () => {
    expect(deviceCsvRow(device)).toEqual([
      device.id,
      'Voyager, "North"',
      'KAN-0001',
      'KPC-100',
      'Northwind Maritime',
      true,
      false,
      'GEO-1',
      'ANT-1',
      '',
    ]);
  });

  it('leaves unknown online states and missing values empty', () => {
    const row = deviceCsvRow({ id: device.id, name: 'Bare', networkStatus: status(null, null) });
    expect(row).toEqual([device.id, 'Bare', '', '', '', null, null, '', '', '']);
  });

  it('builds the file with the header and quoted fields', () => {
    const csv = buildDevicesCsv([device]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(DEVICE_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      `${device.id},"Voyager, ""North""",KAN-0001,KPC-100,Northwind Maritime,true,false,GEO-1,ANT-1,`,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('names the file devices-{yyyy-MM-dd}.csv', () => {
    expect(deviceExportFileName(new Date(2025, 2, 7, 23, 59))).toBe('devices-2025-03-07.csv');
  });
});
