import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSearchPattern, LineMatcher } from '../regex/matcher.js';
import { memoryLogFile } from '../test/memory-file.js';
import { mergeByTime, mergeSplits, type TimeOrdered } from './merge.js';
import { fullLineMatches, scanMatches } from './scan.js';
import { LogSequence } from './sequence.js';

const T0 = Date.parse('2026-11-22T09:00:00Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

/** A log of three rotated files, oldest first; line k at second k (every 5th has no time). */
async function rotatedLog(counts = [40, 30, 25]) {
  const texts: string[][] = [];
  let k = 0;
  for (const n of counts) {
    const lines: string[] = [];
    for (let j = 0; j < n; j++, k++) {
      lines.push(
        k % 5 === 4
          ? `  continued ${k}`
          : `${iso(k)} KYM-1 app[1]: line ${k}${k % 9 === 0 ? ' link down' : ''}`,
      );
    }
    texts.push(lines);
  }
  const files = [];
  let carry = Number.NaN;
  for (const [i, lines] of texts.entries()) {
    const f = await memoryLogFile(`logs/syslog.${counts.length - 1 - i}`, `${lines.join('\n')}\n`, {
      carryTime: carry,
    });
    carry = f.index.lastTime;
    files.push(f);
  }
  return { seq: new LogSequence('syslog', files), lines: texts.flat() };
}

describe('a log of rotated files', () => {
  it('numbers lines across files and finds times across them', async () => {
    const { seq, lines } = await rotatedLog();
    expect(seq.lineCount).toBe(95);
    expect(seq.locate(0)).toEqual({ file: 0, local: 0 });
    expect(seq.locate(40)).toEqual({ file: 1, local: 0 });
    expect(seq.locate(94)).toEqual({ file: 2, local: 24 });
    expect(seq.firstTime).toBe(T0);
    expect(await seq.firstLineFrom(T0 + 50_000)).toBe(50);
    // Line 54 has no time: it takes 53's, so the first line after 53's second is 55.
    expect(await seq.firstLineFrom(T0 + 53_000, true)).toBe(55);
    expect(await seq.firstLineFrom(T0 + 1e9)).toBe(95);
    const page = await seq.readLines(38, 43, 1000);
    expect(page.map((l) => l.bytes.toString())).toEqual(lines.slice(38, 43));
    expect(page.map((l) => [l.fileName, l.lineNumber])).toEqual([
      ['logs/syslog.2', 39],
      ['logs/syslog.2', 40],
      ['logs/syslog.1', 1],
      ['logs/syslog.1', 2],
      ['logs/syslog.1', 3],
    ]);
    expect(page[1]?.time).toBe(T0 + 38_000);
  });

  it('cuts long lines at the cap and says how long they are', async () => {
    const long = `${iso(0)} ${'x'.repeat(5000)}`;
    const seq = new LogSequence('debug', [await memoryLogFile('logs/debug', `${long}\nshort\n`)]);
    const [a, b] = await seq.readLines(0, 2, 100);
    expect(a?.bytes.length).toBe(100);
    expect(a?.length).toBe(long.length);
    expect(b?.bytes.toString()).toBe('short');
  });

  it('scans for matching lines in order, stops when asked and resumes where it stopped', async () => {
    const { seq, lines } = await rotatedLog();
    const want = lines.flatMap((l, k) => (/link down/i.test(l) ? [k] : []));
    const m = new LineMatcher(compileSearchPattern('link down'));
    const all: number[] = [];
    expect(
      await scanMatches(seq, m, 0, seq.lineCount, (g) => all.push(g) > 0, { chunkBytes: 256 }),
    ).toBe(95);
    expect(all).toEqual(want);
    const firstTwo: number[] = [];
    const resume = await scanMatches(seq, m, 0, seq.lineCount, (g) => firstTwo.push(g) < 2);
    expect(firstTwo).toEqual(want.slice(0, 2));
    expect(resume).toBe((want[1] as number) + 1);
    const rest: number[] = [];
    await scanMatches(seq, m, resume, seq.lineCount, (g) => rest.push(g) > 0);
    expect([...firstTwo, ...rest]).toEqual(want);
  });

  it('reads a line longer than a chunk in pieces', async () => {
    const long = `${iso(0)} ${'ab'.repeat(3000)}needle${'cd'.repeat(3000)}`;
    const seq = new LogSequence('debug', [
      await memoryLogFile('logs/debug', `x\n${long}\ny needle\n`),
    ]);
    const found: number[] = [];
    await scanMatches(
      seq,
      new LineMatcher(compileSearchPattern('b(ab)+needle')),
      0,
      3,
      (g) => found.push(g) > 0,
      {
        chunkBytes: 1024,
      },
    );
    expect(found).toEqual([1]);
    const file = seq.files[0]!;
    const at = await file.index.offsetOf(1);
    const end = await file.index.offsetOf(2);
    expect(
      await fullLineMatches(file, new LineMatcher(compileSearchPattern('needlecd')), at, end, 100),
    ).toBe(true);
    expect(
      await fullLineMatches(file, new LineMatcher(compileSearchPattern('needle$')), at, end, 100),
    ).toBe(false);
  });
});

describe('merging by time', () => {
  const sorted = fc
    .array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 })
    .map((a) => a.sort((x, y) => x - y));
  const ordered = (a: number[]): TimeOrdered => ({
    length: a.length,
    time: async (i) => a[i] as number,
  });

  it('splits the first k of a merge as a full merge would, the earlier sequence first on ties', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sorted, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        async (seqs, kk) => {
          const total = seqs.reduce((n, s) => n + s.length, 0);
          const k = total === 0 ? 0 : kk % (total + 1);
          const tagged = seqs.map((s, i) => s.map((t) => ({ t, i })));
          const merged = mergeByTime(tagged, (x) => x.t, total);
          const want = seqs.map((_, i) => merged.slice(0, k).filter((x) => x.i === i).length);
          expect(await mergeSplits(k, seqs.map(ordered))).toEqual(want);
          // The merge itself is stable: by time, then by sequence.
          for (let q = 1; q < merged.length; q++) {
            const [a, b] = [merged[q - 1]!, merged[q]!];
            expect(a.t < b.t || (a.t === b.t && a.i <= b.i)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
