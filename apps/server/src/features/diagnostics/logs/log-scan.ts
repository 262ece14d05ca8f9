import { scanMatches, type LineMatcher, type LogSequence } from '@aerie/logsearch';

/** What a scan of lines [from, to) found: up to `limit` matches, and where to resume. */
export interface ScanResult {
  /** (line, effective time) pairs, `count` of them. */
  readonly matches: Float64Array;
  readonly count: number;
  /**
   * `to` when the lines were all searched, else the line after the last match (the search
   * stopped at `limit`, or was aborted: what it found up to then is kept).
   */
  readonly resume: number;
  readonly aborted: boolean;
}

/**
 * One log's search for one pattern, a segment of lines at a time (decision 042): on this
 * thread, or on the scan workers, which search several segments at once.
 */
export interface LogScan {
  /** Segments searched at once (1 on this thread). */
  readonly parallel: number;
  /** The end of the segment that begins at line `from` (at most `to`). */
  segmentEnd(from: number, to: number): number;
  /** Searches lines [from, to) until `limit` matches were found. */
  run(from: number, to: number, limit: number, signal?: AbortSignal): Promise<ScanResult>;
}

/** The scan on this thread: one segment, the whole range. */
export function threadScan(seq: LogSequence, matcher: LineMatcher): LogScan {
  return {
    parallel: 1,
    segmentEnd: (_from, to) => to,
    async run(from, to, limit, signal) {
      let found = new Float64Array(Math.min(limit, 1 << 12) * 2);
      let count = 0;
      try {
        const resume = await scanMatches(
          seq,
          matcher,
          from,
          to,
          (line, time) => {
            if (count * 2 >= found.length) {
              const grown = new Float64Array(found.length * 2);
              grown.set(found);
              found = grown;
            }
            found[count * 2] = line;
            found[count * 2 + 1] = time;
            count++;
            return count < limit;
          },
          signal ? { signal } : {},
        );
        return { matches: found, count, resume, aborted: false };
      } catch (error) {
        if (!signal?.aborted) throw error;
        const resume = count > 0 ? (found[(count - 1) * 2] as number) + 1 : from;
        return { matches: found, count, resume, aborted: true };
      }
    },
  };
}

/**
 * The line that ends a segment of about `bytes` bytes of the log from line `from` (at least one
 * line, at most `to`), estimated from each file's mean line length.
 */
export function segmentEnd(seq: LogSequence, from: number, to: number, bytes: number): number {
  let g = from;
  let left = bytes;
  while (g < to) {
    const k = seq.locate(g).file;
    const index = seq.files[k]?.index;
    const fileEnd = Math.min(to, seq.fileStart(k + 1));
    const perLine = index && index.lineCount > 0 ? index.fileSize / index.lineCount : 1;
    const lines = Math.max(1, Math.ceil(left / Math.max(1, perLine)));
    if (g + lines < fileEnd) return g + lines;
    left -= (fileEnd - g) * perLine;
    g = fileEnd;
    if (left <= 0) return g;
  }
  return to;
}
