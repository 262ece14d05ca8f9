import { readAt } from '../line-index/reader.js';
import type { LineMatcher } from '../regex/matcher.js';
import { contentEnd } from '../regex/matcher.js';
import { byteFrequencies, JS_HIT_NS, type Prefilter } from '../regex/prefilter.js';
import type { LogFile, LogSequence } from './sequence.js';

export interface ScanOptions {
  signal?: AbortSignal;
  /** Bytes read at once (default 4 MiB: the event loop gets a turn between reads). */
  chunkBytes?: number;
  /** A reused buffer of at least chunkBytes (one per scan otherwise). */
  buffer?: Buffer;
}

/** Called for each matching line (sequence number, effective time); false stops the scan. */
export type OnMatch = (line: number, time: number) => boolean;

/** The default read: 4 MiB (fewer reads than 1 MiB, each as cheap a byte; docs/performance.md). */
export const SCAN_CHUNK_BYTES = 4 << 20;
/** The first chunk of a scan; each next one is twice as large, up to chunkBytes. */
const FIRST_CHUNK_BYTES = 256 * 1024;
/** Line records read at once (8 bytes each). */
const RECORD_BATCH = 1 << 17;
const SAMPLE_BYTES = 32 * 1024;
/** The prefilter is chosen again every this many bytes. */
const RESAMPLE_BYTES = 32 << 20;

/**
 * Finds the lines of [from, to) that match, in order, reading the log in chunks of whole
 * lines (their bounds from the line index, so no byte is looked at twice; 256 KiB first, then
 * twice as much each time up to 4 MiB) and running the matcher over each chunk (with its prefilter, chosen from a sample of the chunk every 32 MiB:
 * its byte frequencies and how often the pattern's literal runs occur in it). Only the records
 * of the lines at the chunks' ends and of the lines that match are decoded. A line longer than
 * a chunk is read in pieces through the DFA. Resolves with the line to resume at: `to` when
 * the range was scanned, or the line after the match for which `onMatch` answered false.
 */
export async function scanMatches(
  seq: LogSequence,
  matcher: LineMatcher,
  from: number,
  to: number,
  onMatch: OnMatch,
  options: ScanOptions = {},
): Promise<number> {
  const chunkBytes = options.chunkBytes ?? SCAN_CHUNK_BYTES;
  // Two buffers: the next chunk is read while this one is searched.
  let buf: Buffer = options.buffer ?? Buffer.allocUnsafe(chunkBytes);
  let spare: Buffer = Buffer.allocUnsafe(chunkBytes);
  // The records of a batch of lines, read into the same words batch after batch.
  const words = new Uint32Array(RECORD_BATCH * 2);
  let prefilter: Prefilter | null = null;
  let sinceSample = Infinity;
  let resampleAt = 1 << 20;
  // The first chunks are small (a first page of common matches needs little), then grow.
  let size = Math.min(chunkBytes, FIRST_CHUNK_BYTES);
  let g = from;
  while (g < to) {
    options.signal?.throwIfAborted();
    const { file: k, local } = seq.locate(g);
    const file = seq.files[k] as LogFile;
    const fileFirst = seq.fileStart(k);
    const localEnd = Math.min(to, seq.fileStart(k + 1)) - fileFirst;
    const recs = await file.index.span(local, Math.min(localEnd, local + RECORD_BATCH), words);
    const n = recs.length;
    /** The whole lines from line j of the batch that fit in `bytes`: [j, end). */
    const fitIn = (j: number, bytes: number) => {
      const limit = recs.offset(j) + bytes;
      if (recs.offset(n) <= limit) return n;
      let lo = j;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (recs.offset(mid) <= limit) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    /** The lines of the next chunk (it grows from FIRST_CHUNK_BYTES to chunkBytes). */
    const fit = (j: number) => {
      const m = fitIn(j, size);
      size = Math.min(chunkBytes, size * 2);
      return m > j ? m : fitIn(j, chunkBytes);
    };
    const read = (into: Buffer, j: number, m: number) =>
      readAt(file.data, into, 0, recs.offset(m) - recs.offset(j), recs.offset(j));
    let j = 0;
    let ahead: { j: number; m: number; done: Promise<number> } | null = null;
    while (j < n) {
      options.signal?.throwIfAborted();
      const base = recs.offset(j);
      const line = fileFirst + recs.from;
      const m: number = ahead?.j === j ? ahead.m : fit(j);
      if (m === j) {
        // One line longer than a chunk: in pieces.
        const time = seq.effective(recs.time(j));
        const end = recs.offset(j + 1);
        if (
          (await longLineMatches(file, matcher, base, end, buf, chunkBytes)) &&
          !onMatch(line + j, time)
        ) {
          return line + j + 1;
        }
        j++;
        continue;
      }
      const span = recs.offset(m) - base;
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
      // Chosen again from a sample of the chunk after 1 MiB, 2, 4… up to every 32 MiB: a log
      // changes as it goes (the lines of a boot are not those of the hours after it); and at
      // once when its needles are hit far more often than the sample said.
      if (sinceSample >= resampleAt) {
        const at = Math.max(0, Math.floor((span - SAMPLE_BYTES) / 2));
        const sample = buf.subarray(at, Math.min(span, at + SAMPLE_BYTES));
        prefilter = matcher.prefilter(byteFrequencies(sample), sample);
        sinceSample = 0;
        resampleAt = Math.min(RESAMPLE_BYTES, resampleAt * 2);
      }
      sinceSample += span;
      const hitsBefore = matcher.prefilterHits;
      let stopped = -1;
      let q = j;
      matcher.matchChunk(buf, 0, span, prefilter, (at) => {
        q = recs.lineAt(base + at, q);
        if (onMatch(line + q, seq.effective(recs.time(q)))) return true;
        stopped = q;
        return false;
      });
      if (stopped >= 0) {
        // The read ahead ends before its buffer is given back.
        await ahead?.done;
        return line + stopped + 1;
      }
      if (
        prefilter !== null &&
        ((matcher.prefilterHits - hitsBefore) * JS_HIT_NS) / span > 2 * prefilter.cost + 0.1
      ) {
        sinceSample = resampleAt;
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
