import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexBytes, memoryFile } from '../test/memory-file.js';
import { BLOCK_LINES } from './format.js';
import { LineIndex, LineIndexError } from './reader.js';
import { LineTimeParser } from './timestamps.js';

const parse = (text: string, reference = Number.NaN) => {
  const b = Buffer.from(text);
  return new LineTimeParser(reference).parse(b, 0, b.length);
};

describe('line times', () => {
  it.each([
    ['2026-11-22T09:56:00.024Z KYM-1 aimd[733]: x', '2026-11-22T09:56:00.024Z'],
    ['2026-11-22T09:56:00Z INFO [acud] boot', '2026-11-22T09:56:00.000Z'],
    ['2026-11-22 09:56:00.5 x', '2026-11-22T09:56:00.500Z'],
    ['2026-11-22T09:56:00,123456 x', '2026-11-22T09:56:00.123Z'],
    ['2026-11-22T10:56:00.024+01:00 x', '2026-11-22T09:56:00.024Z'],
    ['2026-11-22T04:26:00-0530 x', '2026-11-22T09:56:00.000Z'],
    ['<34>1 2026-11-22T09:56:00.024Z host app - - x', '2026-11-22T09:56:00.024Z'],
    ['2026-12-31T23:59:60Z leap', '2026-12-31T23:59:59.999Z'],
  ])('reads %j', (line, iso) => {
    expect(new Date(parse(line)).toISOString()).toBe(iso);
  });

  it('reads BSD syslog times in the year that puts them before the logs were taken', () => {
    const taken = Date.parse('2026-01-03T00:00:00Z');
    expect(new Date(parse('Jan  2 09:56:00 host x', taken)).toISOString()).toBe(
      '2026-01-02T09:56:00.000Z',
    );
    expect(new Date(parse('Dec 31 23:00:00 host x', taken)).toISOString()).toBe(
      '2025-12-31T23:00:00.000Z',
    );
    expect(new Date(parse('Nov 22 09:56:00 host x', taken)).toISOString()).toBe(
      '2025-11-22T09:56:00.000Z',
    );
  });

  it.each([
    'kernel: [    2.310118] eth0: link up',
    '2026-02-30T09:56:00Z not a day',
    '2026-13-01T09:56:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22X09:56:00Z',
    '2026-11-22T09:56',
    '',
    'Foo 22 09:56:00 x',
    '<34>x 2026-11-22T09:56:00Z',
  ])('has no time in %j', (line) => {
    expect(parse(line)).toBeNaN();
  });
});

/** Lines with and without times, of every length, for round trips. */
const logLine = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 3_000_000 }), fc.string({ maxLength: 90 }))
    .map(([s, rest]) => `${new Date(Date.UTC(2026, 10, 22) + s * 1000).toISOString()} ${rest}`),
  fc.string({ maxLength: 140 }).map((s) => s.replace(/\n/g, ' ')),
  fc.constant(''),
);

/** What the index must say: each line's start and effective time. */
function expected(lines: string[], carry = Number.NaN) {
  let t = carry;
  let offset = 0;
  return lines.map((l) => {
    const own = parse(l);
    if (!Number.isNaN(own) && !(own <= t)) t = own;
    const r = { offset, time: t };
    offset += Buffer.byteLength(l) + 1;
    return r;
  });
}

describe('the line index', () => {
  it('records every line start and effective time, however the file is cut into pieces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(logLine, { maxLength: 60 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        async (lines, piece, finalNewline) => {
          const text = lines.join('\n') + (finalNewline && lines.length > 0 ? '\n' : '');
          const bytes = Buffer.from(text);
          const index = await LineIndex.open(memoryFile(indexBytes(bytes, {}, piece)));
          // An empty end after the last line feed is no line.
          const count = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
          expect(index.lineCount).toBe(count);
          expect(index.fileSize).toBe(bytes.length);
          const want = expected(lines.slice(0, count));
          const got = await index.records(0, count);
          expect([...got.offsets]).toEqual([...want.map((w) => w.offset), bytes.length]);
          expect([...got.times]).toEqual(want.map((w) => w.time));
          for (let g = 0; g < count; g++) expect(await index.line(g)).toEqual(want[g]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads spans of records decoded on demand: offsets, times and the line of an offset', async () => {
    // Blocks of 1024 lines and a block cut short by a time gap too wide for 32 bits.
    const lines: string[] = [];
    for (let k = 0; k < BLOCK_LINES * 2 + 300; k++) {
      const day = k < 1500 ? 0 : 80;
      const t = Date.UTC(2026, 0, 1 + day) + k * 1000;
      lines.push(
        k % 11 === 0 ? `continued ${'x'.repeat(k % 50)}` : `${new Date(t).toISOString()} ${k}`,
      );
    }
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const index = await LineIndex.open(memoryFile(indexBytes(bytes)));
    const all = await index.records(0, lines.length);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(lines.length),
        fc.nat(lines.length),
        fc.boolean(),
        async (a, b, reuse) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const words = reuse ? new Uint32Array(lines.length * 2) : null;
          const span = await index.span(from, to, words);
          expect(span.length).toBe(to - from);
          for (let k = 0; k <= to - from; k++) {
            expect(span.offset(k)).toBe(all.offsets[from + k]);
            if (k < to - from) expect(span.time(k)).toEqual(all.times[from + k]);
          }
          for (let k = 0; k < to - from; k++) {
            const start = all.offsets[from + k] as number;
            const end = all.offsets[from + k + 1] as number;
            expect(span.lineAt(start)).toBe(k);
            expect(span.lineAt(end - 1)).toBe(k);
            expect(span.lineAt(start + Math.floor((end - start) / 2), Math.max(0, k - 3))).toBe(k);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('finds the first line at or after a time by binary search, across blocks', async () => {
    const lines: string[] = [];
    for (let k = 0; k < BLOCK_LINES * 3 + 17; k++) {
      const t = Date.UTC(2026, 10, 22) + Math.floor(k / 3) * 1000;
      lines.push(k % 7 === 0 ? `continued ${k}` : `${new Date(t).toISOString()} line ${k}`);
    }
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const index = await LineIndex.open(memoryFile(indexBytes(bytes)));
    const want = expected(lines);
    for (const probe of [1, 2, 500, 1023, 1024, 1025, 2047, 3000, lines.length - 1]) {
      const t = want[probe]!.time;
      const first = want.findIndex((w) => w.time >= t);
      const after = want.findIndex((w) => w.time > t);
      expect(await index.firstLineFrom(t)).toBe(first);
      expect(await index.firstLineFrom(t, true)).toBe(after === -1 ? lines.length : after);
    }
    expect(await index.firstLineFrom(Date.UTC(2030, 0, 1))).toBe(lines.length);
    // Line 0 has no time (it comes before every time).
    expect(await index.firstLineFrom(0)).toBe(1);
  });

  it('starts a new block when a time gap does not fit 32 bits of milliseconds', async () => {
    const lines = ['2026-01-01T00:00:00Z a', '2026-03-01T00:00:00Z b', '2026-03-01T00:00:01Z c'];
    const index = await LineIndex.open(memoryFile(indexBytes(Buffer.from(lines.join('\n')))));
    expect([...(await index.records(0, 3)).times]).toEqual(
      lines.map((l) => Date.parse(l.slice(0, 20))),
    );
  });

  it('carries the time of the older file to lines without one, and marks lines before any time', async () => {
    const carry = Date.parse('2026-11-22T09:00:00Z');
    const index = await LineIndex.open(
      memoryFile(
        indexBytes(Buffer.from('continued\n2026-11-22T10:00:00Z x\n'), { carryTime: carry }),
      ),
    );
    expect([...(await index.records(0, 2)).times]).toEqual([
      carry,
      Date.parse('2026-11-22T10:00:00Z'),
    ]);
    const bare = await LineIndex.open(memoryFile(indexBytes(Buffer.from('no time\n'))));
    expect((await bare.line(0)).time).toBeNaN();
    expect(bare.firstTime).toBeNaN();
  });

  it('refuses what is not an index of this version', async () => {
    const good = indexBytes(Buffer.from('2026-11-22T10:00:00Z x\n'));
    await expect(LineIndex.open(memoryFile(good.subarray(0, 10)))).rejects.toThrow(LineIndexError);
    await expect(LineIndex.open(memoryFile(good.subarray(8)))).rejects.toThrow('damaged');
    const magic = Buffer.from(good);
    magic[magic.length - 64] = 0x41 + 1;
    await expect(LineIndex.open(memoryFile(magic))).rejects.toThrow('Not a line index');
    const version = Buffer.from(good);
    version.writeUInt32LE(2, version.length - 56);
    await expect(LineIndex.open(memoryFile(version))).rejects.toThrow('another version');
  });
});
