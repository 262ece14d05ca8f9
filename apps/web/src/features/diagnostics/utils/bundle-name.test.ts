import { describe, expect, it } from 'vitest';
import { antennaSerialOf, bundleNameProblem, isBundleFileName } from './bundle-name';

describe('antennaSerialOf (spec 001 §5)', () => {
  it('is the part before the first underscore', () => {
    expect(antennaSerialOf('ANT0001_20261122101500.kdp')).toBe('ANT0001');
    expect(antennaSerialOf('KNG-24.7_a_b.kdp')).toBe('KNG-24.7');
    expect(antennaSerialOf('folder/ANT9_20261122101500.kdp')).toBe('ANT9');
  });

  it('is null without an underscore, with nothing before it, or with a character no serial has', () => {
    expect(antennaSerialOf('ANT0001-20261122101500.kdp')).toBeNull();
    expect(antennaSerialOf('_20261122101500.kdp')).toBeNull();
    expect(antennaSerialOf('ANT 1_20261122101500.kdp')).toBeNull();
    expect(antennaSerialOf('-ANT_20261122101500.kdp')).toBeNull();
    expect(antennaSerialOf(`${'A'.repeat(65)}_20261122101500.kdp`)).toBeNull();
  });
});

describe('bundleNameProblem', () => {
  it('accepts ANTENNASERIAL_yyyymmddhhMMss.kdp', () => {
    expect(bundleNameProblem('ANT0001_20261122101500.kdp')).toBeNull();
    expect(bundleNameProblem('ANT0001_20240229235959.KDP')).toBeNull();
    expect(isBundleFileName('ANT0001_20261122101500.kdp')).toBe(true);
  });

  it("says 'Unable to interpret Antenna Serial from file name.' when the serial is missing", () => {
    expect(bundleNameProblem('20261122101500.kdp')).toBe(
      'Unable to interpret Antenna Serial from file name.',
    );
    expect(isBundleFileName('notes.txt')).toBe(false);
  });

  it('refuses another extension and a date that does not exist', () => {
    expect(bundleNameProblem('ANT0001_20261122101500.tar.gz')).toBe(
      'The file name must end with .kdp.',
    );
    expect(bundleNameProblem('ANT0001_20260231101500.kdp')).toBe(
      'Unable to interpret the date and time (yyyymmddhhMMss) from file name.',
    );
    expect(bundleNameProblem('ANT0001_2026112210.kdp')).toMatch(/date and time/);
    expect(isBundleFileName('ANT0001_20261122251500.kdp')).toBe(false);
  });
});
