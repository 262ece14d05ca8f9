import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('Atlantic Voyager')).toBe('Atlantic Voyager');
  });

  it('quotes a field with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('The "Blue" boat')).toBe('"The ""Blue"" boat"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes null and undefined as empty fields, booleans and numbers as text', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvField(-3)).toBe('-3');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('toCsv', () => {
  it('writes the header and each row on its own CRLF-terminated line', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['1', 'x,y'],
          ['2', null],
        ],
      ),
    ).toBe('A,B\r\n1,"x,y"\r\n2,\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['A', 'B'], [])).toBe('A,B\r\n');
  });
});
