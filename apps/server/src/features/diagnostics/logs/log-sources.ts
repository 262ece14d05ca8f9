import type { LogType } from '@aerie/contract';
import { orderTime, type LogLine, type LogSequence, type TimeOrdered } from '@aerie/logsearch';
import type { LogScan } from './log-scan.js';
import type { MatchCache, MatchList } from './match-cache.js';

/** A log's lines in the asked date range: [lo, hi) of its sequence. */
export interface LogRange {
  readonly type: LogType;
  readonly seq: LogSequence;
  readonly lo: number;
  readonly hi: number;
}

/**
 * One log's part of a merged answer: every line of its range, or the lines that match a filter,
 * read a batch at a time.
 */
export interface LogSource extends TimeOrdered {
  readonly range: LogRange;
  read(i: number, n: number): Promise<LogLine[]>;
}

/** Every line of the range. */
export function lineSource(range: LogRange, cap: number): LogSource {
  return {
    range,
    length: range.hi - range.lo,
    time: (i) => range.seq.timeOf(range.lo + i),
    read: (i, n) => range.seq.readLines(range.lo + i, Math.min(range.hi, range.lo + i + n), cap),
  };
}

/** The lines of the range a match list holds: matches [first, first + length) of the list. */
export function matchSource(
  range: LogRange,
  list: MatchList,
  first: number,
  length: number,
  cap: number,
): LogSource {
  return {
    range,
    length,
    time: async (i) => (await list.record(first + i)).time,
    async read(i, n) {
      const out: LogLine[] = [];
      for (let k = i; k < Math.min(length, i + n); k++) {
        const { line } = await list.record(first + k);
        out.push(...(await range.seq.readLines(line, line + 1, cap)));
      }
      return out;
    },
  };
}

/** A key of match lists: one file's log and one pattern. */
export const matchKey = (fileId: string, type: LogType, pattern: string): string =>
  `${fileId}\u0000${type}\u0000${pattern}`;

/**
 * The matches of a pattern in a range, searched until there are `need` of them (or the range
 * is searched through): the list, the index of the range's first match in it, and how many the
 * range has so far. The caller releases the list.
 */
export async function matchesInRange(
  cache: MatchCache,
  fileId: string,
  range: LogRange,
  pattern: string,
  scan: LogScan,
  need: number,
  signal: AbortSignal | undefined,
): Promise<{ list: MatchList; first: number; count: number; complete: boolean }> {
  const list = await cache.acquire(matchKey(fileId, range.type, pattern), range.lo);
  try {
    return await list.exclusive(async () => {
      const first = await list.lowerBound(range.lo);
      // Lines before scannedTo are all searched; past hi, the list may hold an earlier
      // request's matches: counted by position then.
      if (list.scannedTo < range.hi) {
        await list.extend(scan, range.hi, () => need - (list.count - first), signal);
      }
      const end = list.scannedTo <= range.hi ? list.count : await list.lowerBound(range.hi);
      return { list, first, count: end - first, complete: list.scannedTo >= range.hi };
    });
  } catch (error) {
    await cache.release(list);
    throw error;
  }
}

/**
 * The merge of several logs' sources by time (the earlier source first on equal times, then
 * line order), from the given start of each, a batch of lines at a time.
 */
export async function* mergedLines(
  sources: readonly LogSource[],
  starts: readonly number[],
  batch: number,
): AsyncGenerator<{ source: LogSource; line: LogLine }> {
  const at = [...starts];
  const buffers: LogLine[][] = sources.map(() => []);
  const heads = sources.map(() => 0);
  const fill = async (s: number) => {
    const source = sources[s] as LogSource;
    if ((heads[s] as number) < (buffers[s] as LogLine[]).length) return;
    const from = at[s] as number;
    buffers[s] = from < source.length ? await source.read(from, batch) : [];
    heads[s] = 0;
    at[s] = from + buffers[s].length;
  };
  for (;;) {
    let best = -1;
    let bestTime = Infinity;
    for (let s = 0; s < sources.length; s++) {
      await fill(s);
      const line = (buffers[s] as LogLine[])[heads[s] as number];
      if (!line) continue;
      const t = orderTime(line.time);
      if (best === -1 || t < bestTime) [best, bestTime] = [s, t];
    }
    if (best === -1) return;
    const line = (buffers[best] as LogLine[])[heads[best] as number] as LogLine;
    heads[best] = (heads[best] as number) + 1;
    yield { source: sources[best] as LogSource, line };
  }
}

/**
 * The merged position of a line of one range among all the ranges' lines (by time, then the
 * ranges' order, then line order).
 */
export async function mergedPosition(
  ranges: readonly LogRange[],
  which: number,
  line: number,
  time: number,
): Promise<number> {
  const own = ranges[which] as LogRange;
  let pos = line - own.lo;
  for (let u = 0; u < ranges.length; u++) {
    if (u === which) continue;
    const r = ranges[u] as LogRange;
    // Lines of an earlier range at the same time come first; of a later one, after.
    const before = await r.seq.firstLineFrom(time, u < which);
    pos += Math.min(r.hi, Math.max(r.lo, before)) - r.lo;
  }
  return pos;
}
