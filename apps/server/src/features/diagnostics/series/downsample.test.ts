import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsample, metricShape, trackingShape } from './downsample.js';

/** Tracking-like records: [time, sinr, mute]. */
const shape = trackingShape(3, 1, 2);

function tracking(n: number, sinr: (i: number) => number, mute: (i: number) => number = () => 0) {
  const records = new Float64Array(n * 3);
  for (let i = 0; i < n; i += 1) records.set([i * 1000, sinr(i), mute(i)], i * 3);
  return records;
}

const times = (records: Float64Array, w: number, kept: number[]) =>
  kept.map((i) => records[i * w] as number);

describe('downsample', () => {
  it('keeps every record when there are at most the target', () => {
    const records = tracking(10, (i) => i);
    expect(downsample(records, 10, shape, 0, 9000, 10)).toEqual([...Array(10).keys()]);
  });

  it('keeps at most the target, in time order, and a single deep SINR drop survives', () => {
    const n = 86_400;
    const drop = 51_234;
    const records = tracking(n, (i) => (i === drop ? -25 : 10 + Math.sin(i / 100)));
    const kept = downsample(records, n, shape, 0, (n - 1) * 1000, 1000);
    expect(kept.length).toBeLessThanOrEqual(1000);
    expect(kept.length).toBeGreaterThan(900);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept).toContain(drop);
  });

  it('shows where SINR was missing and where the transmitter was muted', () => {
    const n = 10_000;
    const records = tracking(
      n,
      (i) => (i === 7_777 ? NaN : 8),
      (i) => (i === 3_333 ? 4 : 0),
    );
    const kept = downsample(records, n, shape, 0, (n - 1) * 1000, 100);
    expect(kept).toContain(7_777);
    expect(kept).toContain(3_333);
  });

  it('cuts the range into buckets of equal time: a gap leaves its buckets empty', () => {
    // 5000 records in the first hour, none for 9 hours, 5000 in the last.
    const n = 10_000;
    const records = new Float64Array(n * 3);
    for (let i = 0; i < n; i += 1) {
      const t = i < 5000 ? i * 700 : 36_000_000 + (i - 5000) * 700;
      records.set([t, i % 7, 0], i * 3);
    }
    const kept = downsample(records, n, shape, 0, 36_000_000 + 5000 * 700, 200);
    expect(kept.length).toBeLessThanOrEqual(200);
    expect(times(records, 3, kept).every((t) => t < 3_500_000 || t >= 36_000_000)).toBe(true);
  });

  it('keeps the lowest and highest sample of each bucket of a metric', () => {
    const n = 5000;
    const records = new Float64Array(n * 2);
    for (let i = 0; i < n; i += 1) records.set([i, i === 4321 ? 1e9 : i === 123 ? -1e9 : 1], i * 2);
    const kept = downsample(records, n, metricShape, 0, n - 1, 2000);
    expect(kept.length).toBeLessThanOrEqual(2000);
    expect(kept).toContain(4321);
    expect(kept).toContain(123);
  });

  it('for any series and target: bounded, ascending, and the lowest and highest survive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), {
          minLength: 1,
          maxLength: 3000,
        }),
        fc.integer({ min: 2, max: 500 }),
        (values, target) => {
          const records = new Float64Array(values.length * 2);
          values.forEach((v, i) => records.set([i * 10, v], i * 2));
          const kept = downsample(
            records,
            values.length,
            metricShape,
            0,
            values.length * 10,
            target,
          );
          expect(kept.length).toBeLessThanOrEqual(Math.max(target, 0));
          for (let k = 1; k < kept.length; k += 1) expect(kept[k]).toBeGreaterThan(kept[k - 1]!);
          const keptValues = kept.map((i) => values[i]);
          expect(keptValues).toContain(Math.min(...values));
          expect(keptValues).toContain(Math.max(...values));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('candidates', () => {
  it('keep what pick would choose over any group of blocks (lowest, highest, first missing, first muted)', () => {
    const records = tracking(
      8,
      (i) => [5, 3, NaN, 9, 3, NaN, 1, 9][i]!,
      (i) => (i === 4 || i === 7 ? 2 : 0),
    );
    expect(shape.candidates(records, 8)).toEqual([2, 3, 4, 6]);
    expect(shape.pick(records, 8)).toEqual([2, 6]);
    // Without a missing SINR the first muted one goes with the lowest (which is not muted).
    const noGap = tracking(
      4,
      (i) => [5, 1, 4, 9][i]!,
      (i) => (i === 2 ? 1 : 0),
    );
    expect(shape.pick(noGap, 4)).toEqual([1, 2]);
    // Nothing special: the lowest and the highest.
    expect(
      shape.pick(
        tracking(4, (i) => [5, 1, 4, 9][i]!),
        4,
      ),
    ).toEqual([1, 3]);
  });
});
