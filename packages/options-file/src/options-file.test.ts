import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_OPTIONS_FILE_BYTES,
  OPTIONS_FILE_MESSAGES as M,
  OptionsFileWriteError,
  readOptionsFile,
  validateOptionsFile,
  writeOptionsFile,
  type OptionsFileContent,
} from './options-file.js';
import { exampleOptionsContent } from './example.js';

const content = exampleOptionsContent;

/** Rewrites the checksum line so only the change under test makes the file invalid. */
function resign(text: string): string {
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('END '));
  const hash = createHash('sha256');
  for (const l of lines) hash.update(`${l}\n`);
  return `${lines.join('\n')}\nEND sha256=${hash.digest('hex')}\n`;
}

const serialArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);
const versionArb = fc.stringMatching(/^\d{1,3}(\.\d{1,3}){0,3}$/);
/** Any content the writer accepts. */
const validContent: fc.Arbitrary<OptionsFileContent> = fc.record({
  antennaSerial: serialArb,
  antennaModel: fc.option(serialArb),
  deviceId: fc.uuid(),
  deviceSerial: fc.option(serialArb),
  modemSerial: fc.option(serialArb),
  issuedAt: fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2999-12-31T00:00:00Z'),
    noInvalidDate: true,
  }),
  issuedBy: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/),
  softwareVersion: fc.option(versionArb),
  softwareTarget: fc.option(versionArb),
  softwareLocked: fc.boolean(),
  privateMode: fc.boolean(),
  features: fc.uniqueArray(
    fc.record({ shortcode: fc.stringMatching(/^[A-Z0-9_]{1,12}$/), enabled: fc.boolean() }),
    { selector: (f) => f.shortcode, maxLength: 10 },
  ),
});

const fieldOf = (text: string, field: string) =>
  validateOptionsFile(text).fields.find((f) => f.field === field);

describe('writeOptionsFile and readOptionsFile', () => {
  it('reads back exactly what was written', () => {
    const text = writeOptionsFile(content);
    expect(text.startsWith('AERIE-OPT/1\n')).toBe(true);
    expect(text).toMatch(/\nEND sha256=[0-9a-f]{64}\n$/);
    const { content: read, validation } = readOptionsFile(text);
    expect(validation.isValid).toBe(true);
    expect(validation.error).toBeNull();
    expect(validation.fields).toContainEqual({
      field: 'antenna.serial',
      error: null,
      disclaimer: null,
    });
    expect(read).toEqual(content);
  });

  it('round-trips any valid content (property)', () => {
    fc.assert(
      fc.property(validContent, (c) => {
        const read = readOptionsFile(writeOptionsFile(c));
        expect(read.validation.isValid).toBe(true);
        expect(read.content).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });

  it('accepts CRLF line ends and a byte order mark (a Windows editor), and bytes', () => {
    const text = writeOptionsFile(content);
    expect(validateOptionsFile(`\uFEFF${text.replaceAll('\n', '\r\n')}`).isValid).toBe(true);
    expect(validateOptionsFile(new TextEncoder().encode(text)).isValid).toBe(true);
  });

  it('refuses to write data the reader would refuse', () => {
    expect(() => writeOptionsFile({ ...content, antennaSerial: 'KYM 123' })).toThrow(
      OptionsFileWriteError,
    );
    expect(() => writeOptionsFile({ ...content, issuedBy: 'x\nantenna.serial=evil' })).toThrow(
      OptionsFileWriteError,
    );
  });

  it('gives disclaimers for a locked device, private mode, a scheduled update and no version', () => {
    const text = writeOptionsFile({
      ...content,
      softwareLocked: true,
      privateMode: true,
      softwareVersion: null,
      softwareTarget: '5.3.0',
    });
    const result = validateOptionsFile(text);
    expect(result.isValid).toBe(true);
    expect(result.fields.filter((f) => f.disclaimer)).toEqual([
      { field: 'software.version', error: null, disclaimer: M.noVersion },
      { field: 'software.target', error: null, disclaimer: M.updateScheduled('5.3.0') },
      { field: 'software.locked', error: null, disclaimer: M.locked },
      { field: 'private.mode', error: null, disclaimer: M.privateMode },
    ]);
  });
});

describe('validateOptionsFile: malformed files', () => {
  const good = writeOptionsFile(content);

  it.each([
    ['an empty file', '', M.empty],
    ['blank lines only', '\n \n', M.empty],
    ['another format', 'PK\u0003\u0004', M.controlCharacter(1)],
    ['a wrong header', good.replace('AERIE-OPT/1', 'AERIE-OPTIONS'), M.header],
    ['a later version', good.replace('AERIE-OPT/1', 'AERIE-OPT/2'), M.unsupportedVersion('2')],
    ['a file cut before END', good.slice(0, good.indexOf('END')), M.truncated],
    ['a file cut inside END', good.slice(0, good.indexOf('END') + 20), M.truncated],
    ['a malformed END', good.replace(/END sha256=\w+/, 'END md5=abc'), M.truncated],
    ['text after END', `${good}antenna.serial=X\n`, M.afterEnd],
    [
      'a line without =',
      resign(good.replace('private.mode=false', 'private.mode')),
      M.notAField(13),
    ],
    [
      'a field name with spaces',
      resign(`${good}`.replace('device.id=', 'device id=')),
      M.notAField(5),
    ],
  ])('refuses %s', (_name, text, error) => {
    const result = validateOptionsFile(text);
    expect(result.isValid).toBe(false);
    expect(result.error).toBe(error);
  });

  it('detects any change to a signed line by its checksum', () => {
    const changed = good.replace('feature.TRANSEC=disabled', 'feature.TRANSEC=enabled');
    const result = validateOptionsFile(changed);
    expect(result).toMatchObject({ isValid: false, error: M.checksum });
    // The fields are still reported, so the user sees what the file says.
    expect(result.fields.find((f) => f.field === 'feature.TRANSEC')).toBeDefined();
  });

  it.each([
    ['antenna.serial', 'KYM 1', M.serial],
    ['device.id', 'not-a-uuid', M.uuid],
    ['issued.at', '2026-02-30T00:00:00Z', M.timestamp],
    ['issued.at', '2026-11-22 12:00', M.timestamp],
    ['software.version', 'latest', M.version],
    ['software.locked', 'yes', M.boolean],
    ['feature.AES256', 'on', M.feature],
  ])('reports %s=%s as a field error', (field, value, error) => {
    const text = resign(good.replace(new RegExp(`^${field}=.*$`, 'm'), `${field}=${value}`));
    const result = validateOptionsFile(text);
    expect(result.isValid).toBe(false);
    expect(result.error).toBeNull();
    expect(fieldOf(text, field)).toEqual({ field, error, disclaimer: null });
  });

  it('reports unknown, duplicate and missing fields', () => {
    const text = resign(
      good
        .replace('device.id=', 'colour=blue\nantenna.serial=KYM-2\ndevice.id=')
        .replace(/^issued\.at=.*\n/m, ''),
    );
    const result = validateOptionsFile(text);
    expect(result.isValid).toBe(false);
    expect(result.fields).toEqual(
      expect.arrayContaining([
        { field: 'colour', error: M.fieldUnknown, disclaimer: null },
        { field: 'antenna.serial', error: M.fieldDuplicate, disclaimer: null },
        { field: 'issued.at', error: M.fieldRequired, disclaimer: null },
      ]),
    );
  });
});

describe('validateOptionsFile: hostile input', () => {
  it('refuses a file over 64 KiB before reading it', () => {
    const big = `AERIE-OPT/1\n# ${'x'.repeat(MAX_OPTIONS_FILE_BYTES)}\n`;
    expect(validateOptionsFile(big).error).toBe(M.tooLarge);
    expect(validateOptionsFile(new Uint8Array(MAX_OPTIONS_FILE_BYTES + 1)).error).toBe(M.tooLarge);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(validateOptionsFile(new Uint8Array([0x41, 0xff, 0xfe, 0x0a])).error).toBe(M.notText);
  });

  it('refuses NUL bytes, terminal escapes and overlong lines', () => {
    const good = writeOptionsFile(content);
    expect(validateOptionsFile(good.replace('Aerie', 'Ae\u0000rie')).error).toMatch(/control/);
    expect(validateOptionsFile(good.replace('Aerie', '\u001b[2J')).error).toMatch(/control/);
    expect(validateOptionsFile(good.replace('# Antenna', `# ${'a'.repeat(2000)}`)).error).toBe(
      M.lineTooLong(2),
    );
  });

  it('treats prototype names as unknown fields', () => {
    const text = resign(
      writeOptionsFile(content).replace(
        'device.id=',
        '__proto__=x\nconstructor=y\nfeature.__proto__=enabled\ndevice.id=',
      ),
    );
    const result = validateOptionsFile(text);
    expect(result.fields.filter((f) => f.error === M.fieldUnknown).map((f) => f.field)).toEqual([
      '__proto__',
      'constructor',
    ]);
    expect(result.isValid).toBe(false);
  });

  it('refuses too many lines and too many features', () => {
    const lines = Array.from({ length: 600 }, (_, i) => `# ${i}`).join('\n');
    expect(validateOptionsFile(`AERIE-OPT/1\n${lines}\n`).error).toBe(M.tooManyLines);
    const features = Array.from({ length: 65 }, (_, i) => ({ shortcode: `F${i}`, enabled: true }));
    expect(() => writeOptionsFile({ ...content, features })).toThrow(/more than 64 features/);
  });

  it('never throws and never accepts random text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 2000 }), fc.uint8Array({ maxLength: 2000 })),
        (input) => {
          const result = validateOptionsFile(input);
          expect(result.isValid).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('validateOptionsFile: generated files, then broken (properties)', () => {
  it('refuses a file cut anywhere after its first line as truncated', () => {
    fc.assert(
      fc.property(
        validContent,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (c, at) => {
          const text = writeOptionsFile(c);
          // From the end of the header to before the END line's own line break.
          const from = 'AERIE-OPT/1'.length;
          const cut = from + Math.floor(at * (text.length - 1 - from));
          expect(validateOptionsFile(text.slice(0, cut))).toMatchObject({
            isValid: false,
            error: M.truncated,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a file with any one line removed', () => {
    fc.assert(
      fc.property(validContent, fc.nat(), (c, n) => {
        const lines = writeOptionsFile(c).split('\n').slice(0, -1);
        const i = n % lines.length;
        const result = validateOptionsFile(lines.filter((_, j) => j !== i).join('\n') + '\n');
        expect(result.isValid).toBe(false);
        // Which error depends on the line: the header, a signed line (checksum), or END.
        const expected = i === 0 ? M.header : i === lines.length - 1 ? M.truncated : M.checksum;
        expect(result.error).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a file with any one byte changed, with a file error', () => {
    fc.assert(
      fc.property(validContent, fc.nat(), fc.integer({ min: 1, max: 255 }), (c, n, mask) => {
        const bytes = new TextEncoder().encode(writeOptionsFile(c));
        const i = n % bytes.length;
        bytes[i] = bytes[i]! ^ mask;
        const result = validateOptionsFile(bytes);
        expect(result.isValid).toBe(false);
        expect(result.error).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  const text = fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((v) => v.trim());
  const badValues: [string, fc.Arbitrary<string>, string][] = [
    ['antenna.serial', text.filter((v) => !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(v)), M.serial],
    [
      'device.id',
      text.filter((v) => !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(v)),
      M.uuid,
    ],
    [
      'software.version',
      text.filter((v) => v !== '' && !/^\d{1,6}(\.\d{1,6}){0,3}$/.test(v)),
      M.version,
    ],
    ['software.locked', text.filter((v) => v !== 'true' && v !== 'false'), M.boolean],
    ['private.mode', text.filter((v) => v !== 'true' && v !== 'false'), M.boolean],
    ['feature.AES256', text.filter((v) => v !== 'enabled' && v !== 'disabled'), M.feature],
  ];
  it.each(badValues)('reports any value %s refuses as its field error', (field, values, error) => {
    fc.assert(
      fc.property(validContent, values, (c, value) => {
        const file = writeOptionsFile({
          ...c,
          features: [{ shortcode: 'AES256', enabled: true }],
        });
        const text = resign(
          file.replace(new RegExp(`^${field}=.*$`, 'm'), () => `${field}=${value}`),
        );
        const result = validateOptionsFile(text);
        expect(result.isValid).toBe(false);
        expect(result.error).toBeNull();
        expect(result.fields.filter((f) => f.error)).toEqual([{ field, error, disclaimer: null }]);
      }),
      { numRuns: 100 },
    );
  });
});
