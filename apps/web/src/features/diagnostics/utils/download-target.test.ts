import { describe, expect, it } from 'vitest';
import { diagnosticDownloadSearchSchema } from './download-search';
import { downloadTarget } from './download-target';

const target = (search: Record<string, unknown>) =>
  downloadTarget(diagnosticDownloadSearchSchema.parse(search));

describe('downloadTarget (spec 001 §2 "Diagnostic download page")', () => {
  it('takes the serial and a path of that serial and one of its bundles', () => {
    expect(
      target({ antennaSerial: 'ANT0001', path: 'ANT0001/ANT0001_20261122101500.kdp' }),
    ).toEqual({ ok: true, antennaSerial: 'ANT0001', path: 'ANT0001/ANT0001_20261122101500.kdp' });
    // The router reads a serial of digits as a number.
    expect(target({ antennaSerial: 12345, path: '12345/12345_20261122101500.kdp' })).toMatchObject({
      ok: true,
      antennaSerial: '12345',
    });
  });

  it("says 'Antenna Serial not found.' without a serial", () => {
    expect(target({ path: 'ANT0001/ANT0001_20261122101500.kdp' })).toEqual({
      ok: false,
      message: 'Antenna Serial not found.',
    });
    expect(target({ antennaSerial: '  ' })).toMatchObject({ message: 'Antenna Serial not found.' });
  });

  it("says 'Invalid path.' for a missing path, another serial's or one with more segments", () => {
    for (const path of [
      undefined,
      '',
      'ANT0001_20261122101500.kdp',
      'ANT0002/ANT0001_20261122101500.kdp',
      'ANT0001/../ANT0001_20261122101500.kdp',
      'ANT0001/x/ANT0001_20261122101500.kdp',
      `ANT0001/${'a'.repeat(400)}`,
    ]) {
      expect(target({ antennaSerial: 'ANT0001', path })).toEqual({
        ok: false,
        message: 'Invalid path.',
      });
    }
  });

  it("says 'Invalid file name.' when the name is not a bundle's of the serial", () => {
    for (const path of [
      'ANT0001/notes.txt',
      'ANT0001/ANT0001_2026.kdp',
      'ANT0001/ANT0002_20261122101500.kdp',
    ]) {
      expect(target({ antennaSerial: 'ANT0001', path })).toEqual({
        ok: false,
        message: 'Invalid file name.',
      });
    }
  });
});
