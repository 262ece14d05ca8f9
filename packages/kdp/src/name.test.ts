import { describe, expect, it } from 'vitest';
import { KdpError } from './errors.js';
import { BUNDLE_NAME_MESSAGES, bundleName, parseBundleName } from './name.js';

function nameError(name: string): KdpError {
  try {
    parseBundleName(name);
  } catch (error) {
    if (error instanceof KdpError) return error;
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

describe('parseBundleName', () => {
  it('reads the antenna serial and the UTC time', () => {
    expect(parseBundleName('KYM-2411234_20261122123456.kdp')).toEqual({
      antennaSerial: 'KYM-2411234',
      takenAt: new Date('2026-11-22T12:34:56Z'),
    });
    expect(parseBundleName('/uploads/tmp/UTW.2_20240229000000.KDP').antennaSerial).toBe('UTW.2');
    expect(parseBundleName('C:\\Users\\me\\A1_19991231235959.kdp').takenAt.toISOString()).toBe(
      '1999-12-31T23:59:59.000Z',
    );
  });

  it('takes the serial as the part before the first underscore', () => {
    expect(nameError('A1_B2_20261122123456.kdp').message).toBe(BUNDLE_NAME_MESSAGES.takenAt);
  });

  it.each([
    '20261122123456.kdp',
    '_20261122123456.kdp',
    'bad serial_20261122123456.kdp',
    '',
    '.kdp',
  ])('cannot find an antenna serial in %j', (name) => {
    const error = nameError(name);
    expect(error.code).toBe('bad-name');
    expect(error.message).toBe('Unable to interpret Antenna Serial from file name.');
  });

  it.each([
    'KYM-1_2026112212345.kdp',
    'KYM-1_202611221234567.kdp',
    'KYM-1_20261322123456.kdp',
    'KYM-1_20260230123456.kdp',
    'KYM-1_20261122243456.kdp',
    'KYM-1_20261122126056.kdp',
    'KYM-1_2026-11-22.kdp',
  ])('refuses the time in %j', (name) => {
    expect(nameError(name)).toMatchObject({
      code: 'bad-name',
      message: BUNDLE_NAME_MESSAGES.takenAt,
    });
  });

  it('needs the .kdp extension', () => {
    expect(nameError('KYM-1_20261122123456.tgz').message).toBe(BUNDLE_NAME_MESSAGES.extension);
  });
});

describe('bundleName', () => {
  it('names a bundle in UTC and round-trips through parseBundleName', () => {
    const takenAt = new Date('2026-01-02T03:04:05.678Z');
    const name = bundleName('KYM-2411234', takenAt);
    expect(name).toBe('KYM-2411234_20260102030405.kdp');
    expect(parseBundleName(name)).toEqual({
      antennaSerial: 'KYM-2411234',
      takenAt: new Date('2026-01-02T03:04:05Z'),
    });
  });

  it('refuses a serial the name could not carry', () => {
    expect(() => bundleName('A_B', new Date())).toThrow(BUNDLE_NAME_MESSAGES.serial);
    expect(() => bundleName('A', new Date(Number.NaN))).toThrow(BUNDLE_NAME_MESSAGES.takenAt);
  });
});
