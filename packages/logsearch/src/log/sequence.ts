import { contentEnd } from '../regex/matcher.js';
import { readAt, type LineIndex, type RandomAccess } from '../line-index/reader.js';

/** One file of a log (a rotation) with its line index. */
export interface LogFile {
  /** Its name in the bundle (`logs/syslog.0`). */
  readonly name: string;
  readonly data: RandomAccess;
  readonly index: LineIndex;
}

/** A line read for a page: its text's bytes (maybe cut short) and where it is. */
export interface LogLine {
  /** Its number in the sequence (0-based, over all files). */
  readonly line: number;
  readonly fileName: string;
  /** 1-based, in its file. */
  readonly lineNumber: number;
  /** Effective time (ms); NaN when the log has no time at all. */
  readonly time: number;
  /** The text's bytes, at most the cap asked for. */
  readonly bytes: Buffer;
  /** The text's full length in bytes. */
  readonly length: number;
  /** Where its text starts in its file. */
  readonly offset: number;
  readonly file: LogFile;
}

/** Ordering of effective times: a log without any time sorts first. */
export const orderTime = (t: number): number => (Number.isNaN(t) ? -Infinity : t);

/**
 * A log's files, oldest first (`syslog.4` … `syslog.0`, `syslog`), as one sequence of lines
 * numbered from 0 in time order. Lines before the log's first time are given that time.
 */
export class LogSequence {
  /** The first line of each file, and the total at the end. */
  private readonly starts: number[];
  readonly lineCount: number;
  /** The first and last effective time of the log (NaN when it has none). */
  readonly firstTime: number;
  readonly lastTime: number;

  constructor(
    /** The log's type (`syslog`, `debug`). */
    readonly type: string,
    readonly files: readonly LogFile[],
  ) {
    this.starts = [0];
    let first = Number.NaN;
    let last = Number.NaN;
    for (const f of files) {
      this.starts.push((this.starts.at(-1) as number) + f.index.lineCount);
      if (Number.isNaN(first) && !Number.isNaN(f.index.firstTime)) first = f.index.firstTime;
      if (!Number.isNaN(f.index.lastTime) && f.index.lineCount > 0) last = f.index.lastTime;
    }
    this.lineCount = this.starts.at(-1) as number;
    this.firstTime = first;
    this.lastTime = last;
  }

  /** The file holding line `g` and the line's number in it (0-based). */
  locate(g: number): { file: number; local: number } {
    let k = 0;
    while (k + 1 < this.starts.length - 1 && (this.starts[k + 1] as number) <= g) k++;
    return { file: k, local: g - (this.starts[k] as number) };
  }

  /** The first line of file k (k = files.length: the line count). */
  fileStart(k: number): number {
    return this.starts[k] as number;
  }

  /** A record's time as the sequence sees it: untimed lines take the log's first time. */
  effective(t: number): number {
    return Number.isNaN(t) ? this.firstTime : t;
  }

  async timeOf(g: number): Promise<number> {
    const { file, local } = this.locate(g);
    return this.effective(await (this.files[file] as LogFile).index.timeOf(local));
  }

  /** The first line at or after time t (`after`: strictly after); lineCount when none. */
  async firstLineFrom(t: number, after = false): Promise<number> {
    if (Number.isNaN(this.firstTime)) return after ? this.lineCount : 0;
    // Untimed lines carry the first time: compare against it.
    if (after ? this.firstTime > t : this.firstTime >= t) return 0;
    for (let k = 0; k < this.files.length; k++) {
      const index = (this.files[k] as LogFile).index;
      const last = index.lastTime;
      if (index.lineCount === 0 || Number.isNaN(last) || (after ? last <= t : last < t)) continue;
      return (this.starts[k] as number) + (await index.firstLineFrom(t, after));
    }
    return this.lineCount;
  }

  /**
   * Lines [from, to) with at most `cap` bytes of each one's text (a page: small). Lines longer
   * than the cap are cut at it (`length` says how long they are).
   */
  async readLines(from: number, to: number, cap: number): Promise<LogLine[]> {
    const out: LogLine[] = [];
    let g = from;
    while (g < to) {
      const { file: k, local } = this.locate(g);
      const file = this.files[k] as LogFile;
      const end = Math.min(to, this.fileStart(k + 1)) - (this.starts[k] as number);
      const recs = await file.index.records(local, end);
      const base = recs.offsets[0] as number;
      const span = (recs.offsets[end - local] as number) - base;
      // One read for a page of ordinary lines; a read per line when some are huge.
      const whole = span <= Math.max(cap * 4, 1 << 20) ? Buffer.allocUnsafe(span) : null;
      if (whole) await readAt(file.data, whole, 0, span, base);
      for (let j = 0; j < end - local; j++) {
        const start = recs.offsets[j] as number;
        const next = recs.offsets[j + 1] as number;
        let bytes: Buffer;
        let length: number;
        if (whole) {
          const e = contentEnd(whole, start - base, next - base);
          length = e - (start - base);
          bytes = whole.subarray(start - base, start - base + Math.min(length, cap));
        } else {
          const take = Math.min(next - start, cap + 2);
          const piece = Buffer.allocUnsafe(take);
          await readAt(file.data, piece, 0, take, start);
          const e = next - start <= cap + 2 ? contentEnd(piece, 0, take) : take;
          length = next - start <= cap + 2 ? e : next - start - 1;
          bytes = piece.subarray(0, Math.min(e, cap));
        }
        out.push({
          line: g + j,
          fileName: file.name,
          lineNumber: local + j + 1,
          time: this.effective(recs.times[j] as number),
          bytes,
          length,
          offset: start,
          file,
        });
      }
      g = end + (this.starts[k] as number);
    }
    return out;
  }
}
