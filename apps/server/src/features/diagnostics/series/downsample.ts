/**
 * Downsampling that keeps outliers (decision 041): the range is cut into equal spans of time
 * (buckets) and each bucket keeps the few records that stand for it, never an average, so a
 * single deep SINR drop or a lone spike is always drawn. The same choice, made over the blocks of
 * the index's levels (`candidates`), lets a long range be downsampled from a level far smaller
 * than the log with the same result: the lowest of the blocks' lowest is the lowest.
 */

/** How one kind of series is downsampled. Records: `width` float64 values, time first. */
export interface SeriesShape {
  width: number;
  /**
   * The records (indexes into `records`, ascending) that keep what a downsampled answer may
   * pick of these `count` records: a superset of `pick`'s choice over any group of blocks.
   */
  candidates(records: Float64Array, count: number): number[];
  /** The records one bucket keeps (at most `perBucket`), ascending. */
  pick(records: Float64Array, count: number): number[];
  perBucket: number;
}

/** Index of the lowest (or highest) finite value of field `f` (earliest on ties), or -1. */
function extreme(records: Float64Array, w: number, n: number, f: number, highest: boolean) {
  let best = -1;
  let bestValue = 0;
  for (let i = 0; i < n; i += 1) {
    const v = records[i * w + f] as number;
    if (Number.isNaN(v)) continue;
    if (best < 0 || (highest ? v > bestValue : v < bestValue)) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/** Index of the first record for which `test` holds, or -1. */
function firstWhere(w: number, n: number, test: (at: number) => boolean) {
  for (let i = 0; i < n; i += 1) if (test(i * w)) return i;
  return -1;
}

const ascending = (indexes: number[]): number[] =>
  [...new Set(indexes.filter((i) => i >= 0))].sort((a, b) => a - b);

/**
 * The tracking log (width 1 + the fields): a bucket keeps the record of the lowest SINR (the
 * drop) and one more: the first without SINR when it has any, else the first muted one when the
 * lowest is not muted, else the highest SINR. So the polar chart's no-SINR and mute series show
 * wherever they happen, and the colour scale's both ends.
 */
export function trackingShape(width: number, sinr: number, mute: number): SeriesShape {
  const noSinr = (records: Float64Array) => (at: number) => Number.isNaN(records[at + sinr]);
  const muted = (records: Float64Array) => (at: number) => {
    const m = records[at + mute] as number;
    return !Number.isNaN(m) && m !== 0;
  };
  return {
    width,
    perBucket: 2,
    candidates(records, n) {
      return ascending([
        extreme(records, width, n, sinr, false),
        extreme(records, width, n, sinr, true),
        firstWhere(width, n, noSinr(records)),
        firstWhere(width, n, muted(records)),
      ]);
    },
    pick(records, n) {
      const lowest = extreme(records, width, n, sinr, false);
      const missing = firstWhere(width, n, noSinr(records));
      if (lowest < 0) return ascending([missing, firstWhere(width, n, muted(records))]);
      if (missing >= 0) return ascending([lowest, missing]);
      const firstMuted = firstWhere(width, n, muted(records));
      if (firstMuted >= 0 && !muted(records)(lowest * width))
        return ascending([lowest, firstMuted]);
      return ascending([lowest, extreme(records, width, n, sinr, true)]);
    },
  };
}

/** A metric (width 2: time, value): a bucket keeps its lowest and highest sample. */
export const metricShape: SeriesShape = {
  width: 2,
  perBucket: 2,
  candidates(records, n) {
    return ascending([extreme(records, 2, n, 1, false), extreme(records, 2, n, 1, true)]);
  },
  pick(records, n) {
    return ascending([extreme(records, 2, n, 1, false), extreme(records, 2, n, 1, true)]);
  },
};

/**
 * At most `target` records of `records` (`count` of them, in time order, within [start, end]):
 * all of them when they are that few, else `shape.pick` over buckets of equal time. Returns
 * the kept records' indexes, ascending.
 */
export function downsample(
  records: Float64Array,
  count: number,
  shape: SeriesShape,
  start: number,
  end: number,
  target: number,
): number[] {
  if (count <= target) return Array.from({ length: count }, (_, i) => i);
  const w = shape.width;
  const buckets = Math.max(1, Math.floor(target / shape.perBucket));
  const span = Math.max(1, end - start + 1) / buckets;
  const kept: number[] = [];
  let from = 0;
  while (from < count) {
    const offset = Math.floor(((records[from * w] as number) - start) / span);
    const bucket = Math.min(buckets - 1, Math.max(0, offset));
    const limit = start + (bucket + 1) * span;
    let to = from + 1;
    while (to < count && (bucket === buckets - 1 || (records[to * w] as number) < limit)) to += 1;
    const group = records.subarray(from * w, to * w);
    for (const i of shape.pick(group, to - from)) kept.push(from + i);
    from = to;
  }
  return kept;
}
