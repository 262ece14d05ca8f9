import { readAt } from '../line-index/reader.js';
import type { LineMatcher } from '../regex/matcher.js';
import { contentEnd } from '../regex/matcher.js';
import { byteFrequencies, type Prefilter } from '../regex/prefilter.js';
import type { LogFile, LogSequence } from './sequence.js';

export interface ScanOptions {
  signal?: AbortSignal;
  /** Bytes read at once (default 1 MiB: the event loop gets a turn between reads). */
  chunkBytes?: number;
  /** A reused buffer of at least chunkBytes (one per scan otherwise). */
  buffer?: Buffer;
}

/** Called for each matching line (sequence number, effective time); false stops the scan. */
export type OnMatch = (line: number, time: number) => boolean;

const RECORD_BATCH = 32_768;
const SAMPLE_BYTES = 32 * 1024;
/** The prefilter is chosen again every this many chunks. */
const RESAMPLE_CHUNKS = 32;

/**
 * Finds the lines of [from, to) that match, in order, reading the log in chunks of whole
 * lines (their bounds from the line index, so no byte is looked at twice) and running the
 * matcher over each chunk (with its prefilter, chosen from a sample of the chunk every few
 * chunks: its byte frequencies and how often the pattern's literal runs occur in it). A line longer than a chunk is read in pieces through the DFA. Resolves with
 * the line to resume at: `to` when the range was scanned, or the line after the match for
 * which `onMatch` answered false.
 */
export async function scanMatches(
  seq: LogSequence,
  matcher: LineMatcher,
  from: number,
  to: number,
  onMatch: OnMatch,
  options: ScanOptions = {},
): Promise<number> {
  const chunkBytes = options.chunkBytes ?? 1 << 20;
  // Two buffers: the next chunk is read while this one is searched.
  let buf: Buffer = options.buffer ?? Buffer.allocUnsafe(chunkBytes);
  let spare: Buffer = Buffer.allocUnsafe(chunkBytes);
  // Chunk-relative offsets as int32: doubles as indexes make every byte access slow.
  const starts = new Int32Array(RECORD_BATCH + 1);
  let prefilter: Prefilter | null = null;
  let chunks = 0;
  let g = from;
  while (g < to) {
    options.signal?.throwIfAborted();
    const { file: k, local } = seq.locate(g);
    const file = seq.files[k] as LogFile;
    const fileFirst = seq.fileStart(k);
    const localEnd = Math.min(to, seq.fileStart(k + 1)) - fileFirst;
    const recs = await file.index.records(local, Math.min(localEnd, local + RECORD_BATCH));
    const n = recs.to - recs.from;
    /** The whole lines from line j of the batch that fit in a chunk: [j, end). */
    const fit = (j: number) => {
      const base = recs.offsets[j] as number;
      let m = j;
      while (m < n && (recs.offsets[m + 1] as number) - base <= chunkBytes) m++;
      return m;
    };
    const read = (into: Buffer, j: number, m: number) =>
      readAt(
        file.data,
        into,
        0,
        (recs.offsets[m] as number) - (recs.offsets[j] as number),
        recs.offsets[j] as number,
      );
    let j = 0;
    let ahead: { j: number; m: number; done: Promise<number> } | null = null;
    while (j < n) {
      options.signal?.throwIfAborted();
      const base = recs.offsets[j] as number;
      const line = fileFirst + recs.from + j;
      const m: number = ahead?.j === j ? ahead.m : fit(j);
      if (m === j) {
        // One line longer than a chunk: in pieces.
        const time = seq.effective(recs.times[j] as number);
        const end = recs.offsets[j + 1] as number;
        if (
          (await longLineMatches(file, matcher, base, end, buf, chunkBytes)) &&
          !onMatch(line, time)
        ) {
          return line + 1;
        }
        j++;
        continue;
      }
      const span = (recs.offsets[m] as number) - base;
      if (ahead?.j === j) {
        await ahead.done;
        [buf, spare] = [spare, buf];
      } else await read(buf, j, m);
      ahead = null;
      // The next chunk is read meanwhile (into the spare buffer).
      if (m < n) {
        const m2 = fit(m);
        if (m2 > m) ahead = { j: m, m: m2, done: read(spare, m, m2) };
      }
      for (let q = j; q <= m; q++) starts[q - j] = (recs.offsets[q] as number) - base;
      // Chosen again every few chunks, from a sample of the chunk: a log changes as it goes
      // (the lines of a boot are not those of the hours after it).
      if (chunks++ % RESAMPLE_CHUNKS === 0) {
        const at = Math.max(0, Math.floor((span - SAMPLE_BYTES) / 2));
        const sample = buf.subarray(at, Math.min(span, at + SAMPLE_BYTES));
        prefilter = matcher.prefilter(byteFrequencies(sample), sample);
      }
      let stopped = -1;
      const first = j;
      matcher.matchLines(buf, starts, m - j, prefilter, (q) => {
        const t = seq.effective(recs.times[first + q] as number);
        if (onMatch(line + q, t)) return true;
        stopped = q;
        return false;
      });
      if (stopped >= 0) {
        // The read ahead ends before its buffer is given back.
        await ahead?.done;
        return line + stopped + 1;
      }
      j = m;
    }
    await ahead?.done;
    g = fileFirst + recs.to;
  }
  return to;
}

/** Whether a line of `file` at [start, next) matches, read in pieces of chunkBytes. */
async function longLineMatches(
  file: LogFile,
  matcher: LineMatcher,
  start: number,
  next: number,
  buf: Buffer,
  chunkBytes: number,
): Promise<boolean> {
  let state = matcher.lineStart();
  for (let p = start; p < next; p += chunkBytes) {
    const n = await readAt(file.data, buf, 0, Math.min(chunkBytes, next - p), p);
    // The last piece ends at the line feed (and a carriage return before it).
    const e = p + n >= next ? contentEnd(buf, 0, n) : n;
    state = matcher.linePiece(state, buf, 0, e);
  }
  return matcher.lineEnd(state);
}

/** Whether one line matches, reading its full text (a line shown cut short). */
export async function fullLineMatches(
  file: LogFile,
  matcher: LineMatcher,
  start: number,
  next: number,
  chunkBytes = 1 << 20,
): Promise<boolean> {
  return longLineMatches(
    file,
    matcher,
    start,
    next,
    Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(1, next - start))),
    chunkBytes,
  );
}
