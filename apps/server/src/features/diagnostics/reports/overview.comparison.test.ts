import { describe, expect, it } from 'vitest';
import type { AssetDevice } from './bundle-contents.js';
import { compareWithAsset, type BundleFacts } from './overview.comparison.js';

const facts: BundleFacts = {
  antennaSerial: 'KYM-2411234',
  softwareVersion: '5.1.1',
  componentInventory: [
    { name: 'acu', value: 'ACU-0042' },
    { name: 'antenna', value: 'KYM-2411234' },
    { name: 'asm', value: 'ASM-1177' },
    { name: 'buc', value: 'BUC-000001' },
    { name: 'lnb', value: 'LNB-000002' },
    { name: 'modem', value: 'IDQ-88112' },
  ],
  enabledFeatures: ['AES256', 'TRANSEC'],
};

const asset: AssetDevice = {
  serial: 'DEV-1',
  softwareVersion: '5.1.1',
  features: ['TRANSEC', 'AES256'],
  components: [
    { type: 'Antenna', serial: 'KYM-2411234' },
    { type: 'GeoModem', serial: 'IDQ-88112' },
    { type: 'BUC', serial: 'BUC-000001' },
    { type: 'LNB', serial: 'LNB-000002' },
    { type: 'HybridRouter', serial: 'HR-1' },
  ],
};

describe('compareWithAsset', () => {
  it('is empty when no device carries the serial', () => {
    expect(compareWithAsset(facts, null)).toEqual([]);
  });

  it('compares serial, version, the mapped components and the features, equal ones not marked', () => {
    expect(compareWithAsset(facts, asset)).toEqual([
      { field: 'Antenna serial', diagnostic: 'KYM-2411234', asset: 'KYM-2411234', differs: false },
      { field: 'Software version', diagnostic: '5.1.1', asset: '5.1.1', differs: false },
      { field: 'BUC serial', diagnostic: 'BUC-000001', asset: 'BUC-000001', differs: false },
      { field: 'LNB serial', diagnostic: 'LNB-000002', asset: 'LNB-000002', differs: false },
      { field: 'GeoModem serial', diagnostic: 'IDQ-88112', asset: 'IDQ-88112', differs: false },
      {
        field: 'Features',
        diagnostic: 'AES256, TRANSEC',
        asset: 'AES256, TRANSEC',
        differs: false,
      },
    ]);
  });

  it('marks the values that differ, serials case-sensitively', () => {
    const rows = compareWithAsset(facts, {
      ...asset,
      softwareVersion: '5.2.0',
      features: ['AES256'],
      components: [
        { type: 'Antenna', serial: 'kym-2411234' },
        { type: 'GeoModem', serial: 'IDQ-99999' },
        { type: 'BUC', serial: ' BUC-000001 ' },
      ],
    });
    expect(rows.filter((r) => r.differs).map((r) => r.field)).toEqual([
      'Antenna serial',
      'Software version',
      'GeoModem serial',
      'Features',
    ]);
    expect(rows.find((r) => r.field === 'GeoModem serial')).toEqual({
      field: 'GeoModem serial',
      diagnostic: 'IDQ-88112',
      asset: 'IDQ-99999',
      differs: true,
    });
    expect(rows.find((r) => r.field === 'BUC serial')?.differs).toBe(false);
  });

  it('compares only components the asset has, and never the ACU or ASM', () => {
    const rows = compareWithAsset(facts, {
      ...asset,
      components: [{ type: 'GeoModem', serial: 'X' }],
    });
    expect(rows.map((r) => r.field)).toEqual([
      'Antenna serial',
      'Software version',
      'GeoModem serial',
      'Features',
    ]);
  });

  it('does not mark a value one side does not know', () => {
    const rows = compareWithAsset(
      {
        antennaSerial: null,
        softwareVersion: '5.1.1',
        componentInventory: [{ name: 'modem', value: 'M' }],
        enabledFeatures: null,
      },
      {
        ...asset,
        softwareVersion: null,
        components: [
          { type: 'Antenna', serial: 'A' },
          { type: 'GeoModem', serial: null },
        ],
      },
    );
    expect(rows).toEqual([
      { field: 'Antenna serial', diagnostic: null, asset: 'A', differs: false },
      { field: 'Software version', diagnostic: '5.1.1', asset: null, differs: false },
      { field: 'GeoModem serial', diagnostic: 'M', asset: null, differs: false },
      { field: 'Features', diagnostic: null, asset: 'AES256, TRANSEC', differs: false },
    ]);
  });

  it('tells no features enabled from features not known', () => {
    const rows = compareWithAsset({ ...facts, enabledFeatures: [] }, asset);
    expect(rows.at(-1)).toEqual({
      field: 'Features',
      diagnostic: '',
      asset: 'AES256, TRANSEC',
      differs: true,
    });
    const none = compareWithAsset({ ...facts, enabledFeatures: [] }, { ...asset, features: [] });
    expect(none.at(-1)).toEqual({ field: 'Features', diagnostic: '', asset: '', differs: false });
  });

  it('with two components of a type, compares against the one that matches', () => {
    const rows = compareWithAsset(facts, {
      ...asset,
      components: [
        { type: 'BUC', serial: 'BUC-OTHER' },
        { type: 'BUC', serial: 'BUC-000001' },
      ],
    });
    expect(rows.find((r) => r.field === 'BUC serial')).toMatchObject({
      asset: 'BUC-000001',
      differs: false,
    });
  });
});
