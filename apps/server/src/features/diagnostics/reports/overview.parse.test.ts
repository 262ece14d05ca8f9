import { describe, expect, it } from 'vitest';
import {
  enabledFeatures,
  firstLine,
  parseEntitlements,
  parseSerialNumbers,
} from './overview.parse.js';

describe('parseSerialNumbers', () => {
  it('reads name=value lines, trimmed and sorted by name', () => {
    expect(parseSerialNumbers('modem=IDQ-88112\n  acu = ACU-0042 \nantenna=KYM-2411234\n')).toEqual(
      [
        { name: 'acu', value: 'ACU-0042' },
        { name: 'antenna', value: 'KYM-2411234' },
        { name: 'modem', value: 'IDQ-88112' },
      ],
    );
  });

  it('skips blank lines, comments and lines without a name, a value or an equals sign', () => {
    const text = '\n# written by the antenna\nnot a pair\n=ORPHAN\nbuc=\nlnb=LNB-1\r\n\t\n';
    expect(parseSerialNumbers(text)).toEqual([{ name: 'lnb', value: 'LNB-1' }]);
  });

  it('keeps everything after the first equals sign as the value', () => {
    expect(parseSerialNumbers('asm=ASM=1177')).toEqual([{ name: 'asm', value: 'ASM=1177' }]);
  });

  it('keeps a name given twice, ordered by value', () => {
    expect(parseSerialNumbers('buc=B2\nacu=A\nbuc=B1')).toEqual([
      { name: 'acu', value: 'A' },
      { name: 'buc', value: 'B1' },
      { name: 'buc', value: 'B2' },
    ]);
  });

  it('gives nothing for an empty file', () => {
    expect(parseSerialNumbers('')).toEqual([]);
  });
});

describe('parseEntitlements', () => {
  it('reads the features as rows sorted by name', () => {
    const text = JSON.stringify({
      features: { TRANSEC: 'disabled', AES256: 'enabled', MARITIME: 'enabled' },
    });
    expect(parseEntitlements(text)).toEqual([
      { name: 'AES256', value: 'enabled' },
      { name: 'MARITIME', value: 'enabled' },
      { name: 'TRANSEC', value: 'disabled' },
    ]);
  });

  it('writes numbers and booleans as text and skips states that are not values', () => {
    const text = JSON.stringify({ features: { B: true, A: 2, C: { nested: 1 }, D: null } });
    expect(parseEntitlements(text)).toEqual([
      { name: 'A', value: '2' },
      { name: 'B', value: 'true' },
    ]);
  });

  it('is null for text that is not JSON', () => {
    expect(parseEntitlements('KAP/1 entitlements\nfeature.AES256=enabled')).toBeNull();
  });

  it('is null for JSON without a features object', () => {
    expect(parseEntitlements('{"feature":{}}')).toBeNull();
    expect(parseEntitlements('{"features":["AES256"]}')).toBeNull();
    expect(parseEntitlements('null')).toBeNull();
  });
});

describe('enabledFeatures', () => {
  it('lists the enabled codes, sorted, whatever the case of the state', () => {
    expect(
      enabledFeatures([
        { name: 'TRANSEC', value: 'Enabled' },
        { name: 'AES256', value: 'enabled' },
        { name: 'MULTIBEAM', value: 'disabled' },
      ]),
    ).toEqual(['AES256', 'TRANSEC']);
  });
});

describe('firstLine', () => {
  it('is the first non-blank line, trimmed', () => {
    expect(firstLine('\n  5.1.1 \nextra')).toBe('5.1.1');
  });

  it('is null for blank text', () => {
    expect(firstLine(' \n\n')).toBeNull();
  });
});
