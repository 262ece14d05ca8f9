import { orderTime } from './sequence.js';

/**
 * A sorted sequence for a merge by time: its length and the effective time of its i-th element
 * (read on demand: from a line index or a list of matches, never loaded whole).
 */
export interface TimeOrdered {
  readonly length: number;
  time(i: number): Promise<number>;
}

/**
 * How many of the first `k` elements of the merge of `a` and `b` (by time; `a` first on equal
 * times) come from `a`: a binary search of O(log n) reads of each side.
 */
export async function mergeSplit(k: number, a: TimeOrdered, b: TimeOrdered): Promise<number> {
  let lo = Math.max(0, k - b.length);
  let hi = Math.min(k, a.length);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    // a[mid - 1] is among the first k when it comes before b[k - mid].
    const inside =
      k - mid >= b.length || orderTime(await a.time(mid - 1)) <= orderTime(await b.time(k - mid));
    if (inside) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Splits the first `k` elements of the merge of several sorted sequences (earlier ones first
 * on equal times) into how many come from each.
 */
export async function mergeSplits(k: number, seqs: readonly TimeOrdered[]): Promise<number[]> {
  if (seqs.length === 0) return [];
  if (seqs.length === 1) return [Math.min(k, (seqs[0] as TimeOrdered).length)];
  // The first sequence against the merge of the rest, recursively.
  const [head, ...rest] = seqs as [TimeOrdered, ...TimeOrdered[]];
  const restLength = rest.reduce((n, s) => n + s.length, 0);
  const restMerged: TimeOrdered = {
    length: restLength,
    time: async (i) => {
      const splits = await mergeSplits(i, rest);
      // The (i)-th of the rest's merge: the smallest next element of each.
      let best = Infinity;
      for (let s = 0; s < rest.length; s++) {
        const seq = rest[s] as TimeOrdered;
        const at = splits[s] as number;
        if (at < seq.length) best = Math.min(best, orderTime(await seq.time(at)));
      }
      return best;
    },
  };
  const fromHead = await mergeSplit(k, head, restMerged);
  return [fromHead, ...(await mergeSplits(k - fromHead, rest))];
}

/** Merges elements already read (each list sorted) by time, earlier lists first on ties. */
export function mergeByTime<T>(
  lists: readonly (readonly T[])[],
  timeOf: (item: T) => number,
  limit: number,
): T[] {
  const at = lists.map(() => 0);
  const out: T[] = [];
  while (out.length < limit) {
    let best = -1;
    let bestTime = Infinity;
    for (let s = 0; s < lists.length; s++) {
      const list = lists[s] as readonly T[];
      const i = at[s] as number;
      if (i >= list.length) continue;
      const t = orderTime(timeOf(list[i] as T));
      if (best === -1 || t < bestTime) [best, bestTime] = [s, t];
    }
    if (best === -1) break;
    out.push((lists[best] as readonly T[])[at[best] as number] as T);
    at[best] = (at[best] as number) + 1;
  }
  return out;
}
