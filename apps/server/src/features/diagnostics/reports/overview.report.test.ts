import { diagnosticOverviewSchema } from '@aerie/contract';
import { componentSerials, OVERVIEW_ENTRIES } from '@aerie/kdp';
import { describe, expect, it } from 'vitest';
import type { AssetDevice, BundleContents } from './bundle-contents.js';
import {
  FIXTURE_TIME,
  generatedFiles,
  memoryContents,
  type MemoryFile,
} from './bundle-contents.test-setup.js';
import { buildOverview, TEXT_FILE_MAX_BYTES } from './overview.report.js';

const SERIAL = 'KYM-2411234';
const file = { fileName: `${SERIAL}_20261122120000.kdp`, antennaSerial: SERIAL };
const FILE_NAMES = [
  'Serial',
  'version',
  'serial_numbers',
  'entitlements',
  'EntitlementsKap',
  'ComponentInventoryKap',
];

function textOf(files: Map<string, MemoryFile>, path: string): string {
  return files.get(path)?.bytes.toString('utf8') ?? '';
}

/** A device record that agrees with a generated bundle. */
function matchingAsset(files: Map<string, MemoryFile>): AssetDevice {
  const c = componentSerials(SERIAL);
  const json = JSON.parse(textOf(files, OVERVIEW_ENTRIES.entitlements)) as {
    features: Record<string, string>;
  };
  return {
    serial: 'DEVICE-SERIAL',
    softwareVersion: textOf(files, OVERVIEW_ENTRIES.version).trim(),
    features: Object.keys(json.features).filter((k) => json.features[k] === 'enabled'),
    components: [
      { type: 'Antenna', serial: c.antenna },
      { type: 'GeoModem', serial: c.modem },
      { type: 'BUC', serial: c.buc },
      { type: 'LNB', serial: c.lnb },
    ],
  };
}

describe('buildOverview of a generated bundle', () => {
  it('lists the entitlements and the component inventory, sorted by name', async () => {
    const files = await generatedFiles({ seed: 7 });
    const overview = await buildOverview(memoryContents(files), file, null);

    expect(diagnosticOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.fileName).toBe(file.fileName);
    expect(overview.antennaSerial).toBe(SERIAL);
    const names = overview.entitlements.map((e) => e.name);
    expect(names).toEqual(['AES256', 'HIGHTHROUGHPUT', 'MARITIME', 'MULTIBEAM', 'TRANSEC']);
    expect(overview.entitlements[0]).toEqual({ name: 'AES256', value: 'enabled' });
    const c = componentSerials(SERIAL);
    expect(overview.componentInventory).toEqual([
      { name: 'acu', value: c.acu },
      { name: 'antenna', value: c.antenna },
      { name: 'asm', value: c.asm },
      { name: 'buc', value: c.buc },
      { name: 'lnb', value: c.lnb },
      { name: 'modem', value: c.modem },
    ]);
    expect(overview.comparison).toEqual([]);
  });

  it('lists the six files, Serial and version first, with time, size and text', async () => {
    const files = await generatedFiles();
    const overview = await buildOverview(memoryContents(files), file, null);

    expect(overview.files.map((f) => f.name)).toEqual(FILE_NAMES);
    const serial = overview.files[0];
    expect(serial).toEqual({
      name: 'Serial',
      timestamp: FIXTURE_TIME.toISOString(),
      size: files.get(OVERVIEW_ENTRIES.serial)?.bytes.length,
      content: `${SERIAL}\n`,
    });
    for (const f of overview.files) {
      expect(f.content).not.toBeNull();
      expect(f.size).toBe(Buffer.byteLength(f.content ?? ''));
    }
  });

  it('finds nothing to point out against a device record that agrees', async () => {
    const files = await generatedFiles({ seed: 3 });
    const overview = await buildOverview(memoryContents(files), file, matchingAsset(files));

    expect(overview.comparison.map((r) => r.field)).toEqual([
      'Antenna serial',
      'Software version',
      'BUC serial',
      'LNB serial',
      'GeoModem serial',
      'Features',
    ]);
    expect(overview.comparison.every((r) => !r.differs && r.diagnostic === r.asset)).toBe(true);
  });

  it('points out the values the device record has otherwise', async () => {
    const files = await generatedFiles({ seed: 3 });
    const asset = matchingAsset(files);
    const overview = await buildOverview(memoryContents(files), file, {
      ...asset,
      softwareVersion: '4.0.0',
      features: [],
      components: asset.components.map((c) =>
        c.type === 'LNB' ? { ...c, serial: 'LNB-REPLACED' } : c,
      ),
    });

    expect(overview.comparison.filter((r) => r.differs).map((r) => r.field)).toEqual([
      'Software version',
      'LNB serial',
      'Features',
    ]);
    expect(overview.comparison.find((r) => r.field === 'LNB serial')).toEqual({
      field: 'LNB serial',
      diagnostic: componentSerials(SERIAL).lnb,
      asset: 'LNB-REPLACED',
      differs: true,
    });
  });
});

describe('buildOverview of hand-made bundles', () => {
  it('lists missing files with no time, size or text, and empty tables', async () => {
    const overview = await buildOverview(memoryContents({}), file, null);

    expect(overview.entitlements).toEqual([]);
    expect(overview.componentInventory).toEqual([]);
    expect(overview.files).toEqual(
      FILE_NAMES.map((name) => ({ name, timestamp: null, size: null, content: null })),
    );
  });

  it('compares what it can when files are missing (N/A), never marking them', async () => {
    const overview = await buildOverview(
      memoryContents({ [OVERVIEW_ENTRIES.serialNumbers]: 'antenna=KYM-1\nmodem=M-1\n' }),
      file,
      {
        serial: null,
        softwareVersion: '5.1.1',
        features: ['AES256'],
        components: [{ type: 'Antenna', serial: 'KYM-1' }],
      },
    );

    expect(overview.comparison).toEqual([
      // No Serial file: the antenna serial comes from serial_numbers.
      { field: 'Antenna serial', diagnostic: 'KYM-1', asset: 'KYM-1', differs: false },
      { field: 'Software version', diagnostic: null, asset: '5.1.1', differs: false },
      { field: 'Features', diagnostic: null, asset: 'AES256', differs: false },
    ]);
  });

  it('shows a binary or non-UTF-8 record without content, and still reads the rest', async () => {
    const contents = memoryContents({
      [OVERVIEW_ENTRIES.entitlementsKap]: Buffer.from([0x4b, 0x41, 0x50, 0x00, 0x01, 0xff]),
      [OVERVIEW_ENTRIES.componentInventoryKap]: Buffer.from([0xc3, 0x28, 0x41]),
      [OVERVIEW_ENTRIES.entitlements]: '{"features":{"AES256":"enabled"}}',
      [OVERVIEW_ENTRIES.version]: 'Bundle ünïcode 5.1.1\n',
    });
    const overview = await buildOverview(contents, file, null);
    const byName = new Map(overview.files.map((f) => [f.name, f]));

    expect(byName.get('EntitlementsKap')).toEqual({
      name: 'EntitlementsKap',
      timestamp: FIXTURE_TIME.toISOString(),
      size: 6,
      content: null,
    });
    expect(byName.get('ComponentInventoryKap')?.content).toBeNull();
    expect(byName.get('ComponentInventoryKap')?.size).toBe(3);
    expect(byName.get('version')?.content).toBe('Bundle ünïcode 5.1.1\n');
    expect(overview.entitlements).toEqual([{ name: 'AES256', value: 'enabled' }]);
  });

  it('does not read a file over 64 KiB, listing it without content', async () => {
    const big = `antenna=KYM-1\n${'#'.repeat(TEXT_FILE_MAX_BYTES)}\n`;
    const contents = memoryContents({
      [OVERVIEW_ENTRIES.serialNumbers]: big,
      [OVERVIEW_ENTRIES.entitlementsKap]: {
        bytes: Buffer.alloc(0),
        size: 5_000_000,
        mtime: FIXTURE_TIME,
      },
      [OVERVIEW_ENTRIES.serial]: 'x'.repeat(TEXT_FILE_MAX_BYTES),
    });
    const overview = await buildOverview(contents, file, null);
    const byName = new Map(overview.files.map((f) => [f.name, f]));

    expect(byName.get('serial_numbers')).toMatchObject({
      size: Buffer.byteLength(big),
      content: null,
    });
    expect(byName.get('EntitlementsKap')).toMatchObject({ size: 5_000_000, content: null });
    // Exactly 64 KiB is still shown.
    expect(byName.get('Serial')?.content).toHaveLength(TEXT_FILE_MAX_BYTES);
    expect(overview.componentInventory).toEqual([]);
    expect(contents.reads.map((r) => r.path)).not.toContain(OVERVIEW_ENTRIES.serialNumbers);
    expect(contents.reads.map((r) => r.path)).not.toContain(OVERVIEW_ENTRIES.entitlementsKap);
    expect(contents.reads.every((r) => r.maxBytes === TEXT_FILE_MAX_BYTES)).toBe(true);
  });

  it('keeps malformed entitlements as text with an empty table', async () => {
    const overview = await buildOverview(
      memoryContents({ [OVERVIEW_ENTRIES.entitlements]: '{"features": {"AES256": "enab' }),
      file,
      null,
    );

    expect(overview.entitlements).toEqual([]);
    expect(overview.files.find((f) => f.name === 'entitlements')?.content).toBe(
      '{"features": {"AES256": "enab',
    );
  });

  it('does not interpret EntitlementsKap when the readable entitlements are missing', async () => {
    const overview = await buildOverview(
      memoryContents({
        [OVERVIEW_ENTRIES.entitlementsKap]: 'KAP/1 entitlements\nfeature.AES256=enabled\n',
      }),
      file,
      null,
    );

    expect(overview.entitlements).toEqual([]);
    expect(overview.files.find((f) => f.name === 'EntitlementsKap')?.content).toContain(
      'feature.AES256',
    );
  });

  it('gives a file with an invalid time no timestamp', async () => {
    const overview = await buildOverview(
      memoryContents({
        [OVERVIEW_ENTRIES.serial]: { bytes: Buffer.from('K\n'), mtime: new Date(Number.NaN) },
      }),
      file,
      null,
    );

    expect(overview.files[0]).toEqual({ name: 'Serial', timestamp: null, size: 2, content: 'K\n' });
  });

  it('fails when the contents cannot be read', async () => {
    const broken: BundleContents = {
      stat: () => Promise.reject(new Error('disk gone')),
      read: () => Promise.resolve(null),
    };

    await expect(buildOverview(broken, file, null)).rejects.toThrow('disk gone');
  });
});
