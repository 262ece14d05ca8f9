import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lttbIndexes } from './downsample.js';

describe('lttbIndexes', () => {
  it('keeps every point when the series is already small enough', () => {
    expect(lttbIndexes([1, 2, 3], [5, 6, 7], 10)).toEqual([0, 1, 2]);
  });

  it('keeps exactly the threshold, ascending, with both ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 5, maxLength: 500 }),
        fc.integer({ min: 3, max: 100 }),
        (ys, threshold) => {
          const xs = ys.map((_, i) => i * 60);
          const kept = lttbIndexes(xs, ys, threshold);
          const expected = Math.min(threshold, ys.length);
          expect(kept).toHaveLength(expected);
          expect(kept[0]).toBe(0);
          expect(kept.at(-1)).toBe(ys.length - 1);
          for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
        },
      ),
    );
  });

  it('keeps a lone spike that plain decimation would drop', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys = xs.map((i) => (i === 503 ? 100 : 0));
    const kept = lttbIndexes(xs, ys, 50);
    expect(kept).toContain(503);
  });

  it('keeps both edges of a step', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys = xs.map((i) => (i < 400 ? 0 : 1));
    const kept = lttbIndexes(xs, ys, 40).map((i) => ys[i]);
    expect(kept).toContain(0);
    expect(kept).toContain(1);
  });
});
