import { describe, expect, it } from 'vitest';
import { CsvRecordReader } from './csv-records.js';

/** The records of `text` fed in pieces of `size` characters (or bytes, for a Buffer). */
function records(input: string | Buffer, size = Infinity, max?: number): (string[] | null)[] {
  const out: (string[] | null)[] = [];
  const reader = new CsvRecordReader((r) => out.push(r), max);
  const step = Number.isFinite(size) ? size : Math.max(1, input.length);
  for (let i = 0; i < input.length; i += step) reader.write(input.slice(i, i + step));
  reader.end();
  return out;
}

describe('CsvRecordReader', () => {
  it('splits records on LF and CRLF, keeps empty cells, skips blank lines', () => {
    expect(records('a,b,c\r\n1,,3\n\n4,5,\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['4', '5', ''],
    ]);
  });

  it('reads a last record without a line break', () => {
    expect(records('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(records('x,"a, ""b""",y\n"line\nbreak",2\n')).toEqual([
      ['x', 'a, "b"', 'y'],
      ['line\nbreak', '2'],
    ]);
  });

  it('gives the same records whatever the chunk boundaries, across UTF-8 characters too', () => {
    const text =
      'timestamp,metric,value,unit\n2026-11-22T10:00:00.000Z,temp,"41,5",°C\r\n"q""",2,3,4\n';
    const whole = records(text);
    for (const size of [1, 2, 3, 7, 16]) expect(records(text, size)).toEqual(whole);
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 5]) expect(records(bytes, size)).toEqual(whole);
  });

  it('drops a leading byte order mark', () => {
    expect(records('\ufeffa,b\n')).toEqual([['a', 'b']]);
    expect(records(Buffer.from('\ufeffa,b\n', 'utf8'), 1)).toEqual([['a', 'b']]);
  });

  it('gives null for a record over the limit and goes on after it', () => {
    const long = 'x'.repeat(50);
    expect(records(`a\n${long}\nb\n`, 8, 20)).toEqual([['a'], null, ['b']]);
    expect(records(`a\n"${long}\nb\n`, 8, 20)).toEqual([['a'], null, ['b']]);
  });
});
