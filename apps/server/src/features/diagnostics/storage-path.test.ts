import { describe, expect, it } from 'vitest';
import { bundleKey, parseStoragePath, storageUri } from './storage-path.js';

const NAME = 'KYM-2411234_20261122120000.kdp';

describe('parseStoragePath', () => {
  it('reads {serial}/{bundle name}', () => {
    expect(parseStoragePath(`KYM-2411234/${NAME}`)).toEqual({
      antennaSerial: 'KYM-2411234',
      fileName: NAME,
    });
    expect(parseStoragePath(`KYM-2411234/${NAME}`, 'KYM-2411234')).not.toBeNull();
    expect(parseStoragePath('a.b/a.b_20261122120000.KDP')).not.toBeNull();
  });

  it.each([
    ['dot segments', `KYM-2411234/../KYM-2411234/${NAME}`],
    ['a leading ./', `./KYM-2411234/${NAME}`],
    ['.. as the serial', `../${NAME}`],
    ['absolute', `/KYM-2411234/${NAME}`],
    ['a backslash', `KYM-2411234\\${NAME}`],
    ['percent-encoding left after decoding', `KYM-2411234%2F${NAME}`],
    ['a double-encoded traversal', `%2e%2e%2fKYM-2411234/${NAME}`],
    ['NUL', `KYM-2411234/${NAME}\u0000.txt`],
    ['a line break', `KYM-2411234/${NAME}\n`],
    ['one segment', NAME],
    ['three segments', `x/KYM-2411234/${NAME}`],
    ['a trailing slash', `KYM-2411234/${NAME}/`],
    ['a name of another serial', `KYM-2411234/KYM-9_20261122120000.kdp`],
    ['a name that is not a bundle name', 'KYM-2411234/passwd'],
    ['a bad date', 'KYM-2411234/KYM-2411234_20261399120000.kdp'],
    ['empty', ''],
  ])('refuses %s', (_why, path) => {
    expect(parseStoragePath(path)).toBeNull();
  });

  it('refuses a path of another serial than the one asked for', () => {
    expect(parseStoragePath(`KYM-2411234/${NAME}`, 'KYM-1')).toBeNull();
  });

  it('names the blob and the uri from the path', () => {
    const p = { antennaSerial: 'KYM-2411234', fileName: NAME };
    expect(bundleKey(p)).toBe(`diagnostics/KYM-2411234/${NAME}`);
    expect(storageUri(p)).toBe(`storage://diagnostics/KYM-2411234/${NAME}`);
  });
});
