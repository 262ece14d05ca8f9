import {
  BLOCK_BYTES,
  INDEX_MAGIC,
  INDEX_VERSION,
  RECORD_BYTES,
  TRAILER_BYTES,
  UNTIMED,
} from './format.js';

/** Positional reads of a file (a FileHandle, a ranged object store read). */
export interface RandomAccess {
  readonly size: number;
  /** Reads up to `length` bytes at `position` into buffer[offset…]; the bytes read. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
}

/** Reads exactly `length` bytes at `position` (fewer only at the end of the file). */
export async function readAt(
  file: RandomAccess,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  let done = 0;
  while (done < length) {
    const n = await file.read(buffer, offset + done, length - done, position + done);
    if (n <= 0) break;
    done += n;
  }
  return done;
}

export class LineIndexError extends Error {
  override readonly name = 'LineIndexError';
}

/** Records of lines [from, to): where each starts and its effective time. */
export interface LineRecords {
  readonly from: number;
  readonly to: number;
  /** to - from + 1 offsets: each line's start, then the end of the last one. */
  readonly offsets: Float64Array;
  /** Effective times (NaN: untimed). */
  readonly times: Float64Array;
}

const PAGE_RECORDS = 1024;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const CACHED_PAGES = 16;

/**
 * A line index (format.ts) opened for reading: the trailer and block table in memory, the
 * line records read on demand (a few pages of them cached, for binary searches).
 */
export class LineIndex {
  private readonly pages = new Map<number, DataView>();

  private constructor(
    private readonly file: RandomAccess,
    readonly lineCount: number,
    /** The indexed file's size in bytes. */
    readonly fileSize: number,
    readonly firstTime: number,
    readonly lastTime: number,
    private readonly blockFirst: Float64Array,
    private readonly blockOffset: Float64Array,
    private readonly blockBase: Float64Array,
    private readonly blockLast: Float64Array,
  ) {}

  /** Opens an index; a LineIndexError when it is not one, or not of this version. */
  static async open(file: RandomAccess): Promise<LineIndex> {
    if (file.size < TRAILER_BYTES) throw new LineIndexError('The line index is truncated.');
    const trailer = new Uint8Array(TRAILER_BYTES);
    await readAt(file, trailer, 0, TRAILER_BYTES, file.size - TRAILER_BYTES);
    const v = new DataView(trailer.buffer);
    const magic = String.fromCharCode(...trailer.subarray(0, 8));
    if (magic !== INDEX_MAGIC) throw new LineIndexError('Not a line index.');
    if (v.getUint32(8, true) !== INDEX_VERSION) {
      throw new LineIndexError('A line index of another version.');
    }
    const lineCount = v.getFloat64(16, true);
    const blockCount = v.getFloat64(24, true);
    const expected = lineCount * RECORD_BYTES + blockCount * BLOCK_BYTES + TRAILER_BYTES;
    if (!Number.isInteger(lineCount) || !Number.isInteger(blockCount) || expected !== file.size) {
      throw new LineIndexError('The line index is damaged.');
    }
    const table = new Uint8Array(blockCount * BLOCK_BYTES);
    await readAt(file, table, 0, table.length, lineCount * RECORD_BYTES);
    const tv = new DataView(table.buffer);
    const blockFirst = new Float64Array(blockCount);
    const blockOffset = new Float64Array(blockCount);
    const blockBase = new Float64Array(blockCount);
    const blockLast = new Float64Array(blockCount);
    for (let b = 0; b < blockCount; b++) {
      blockFirst[b] = tv.getFloat64(b * BLOCK_BYTES, true);
      blockOffset[b] = tv.getFloat64(b * BLOCK_BYTES + 8, true);
      blockBase[b] = tv.getFloat64(b * BLOCK_BYTES + 16, true);
      blockLast[b] = tv.getFloat64(b * BLOCK_BYTES + 24, true);
    }
    return new LineIndex(
      file,
      lineCount,
      v.getFloat64(32, true),
      v.getFloat64(40, true),
      v.getFloat64(48, true),
      blockFirst,
      blockOffset,
      blockBase,
      blockLast,
    );
  }

  /** The block holding line `g`. */
  private blockOf(g: number): number {
    let lo = 0;
    let hi = this.blockFirst.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.blockFirst[mid] as number) <= g) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private async page(p: number): Promise<DataView> {
    const cached = this.pages.get(p);
    if (cached) {
      this.pages.delete(p);
      this.pages.set(p, cached);
      return cached;
    }
    const first = p * PAGE_RECORDS;
    const n = Math.min(PAGE_RECORDS, this.lineCount - first);
    const bytes = new Uint8Array(n * RECORD_BYTES);
    await readAt(this.file, bytes, 0, bytes.length, first * RECORD_BYTES);
    const view = new DataView(bytes.buffer);
    this.pages.set(p, view);
    if (this.pages.size > CACHED_PAGES) this.pages.delete(this.pages.keys().next().value as number);
    return view;
  }

  /** Line `g`'s start offset and effective time (NaN: untimed). */
  async line(g: number): Promise<{ offset: number; time: number }> {
    const view = await this.page(Math.floor(g / PAGE_RECORDS));
    const at = (g % PAGE_RECORDS) * RECORD_BYTES;
    const b = this.blockOf(g);
    const delta = view.getUint32(at + 4, true);
    return {
      offset: (this.blockOffset[b] as number) + view.getUint32(at, true),
      time: delta === UNTIMED ? Number.NaN : (this.blockBase[b] as number) + delta,
    };
  }

  /** The effective time of line `g`. */
  async timeOf(g: number): Promise<number> {
    return (await this.line(g)).time;
  }

  /** Where line `g` starts (`lineCount`: the end of the file). */
  async offsetOf(g: number): Promise<number> {
    return g >= this.lineCount ? this.fileSize : (await this.line(g)).offset;
  }

  /** The records of lines [from, to), read at once. */
  async records(from: number, to: number): Promise<LineRecords> {
    const n = Math.max(0, to - from);
    const bytes = new Uint8Array(n * RECORD_BYTES);
    await readAt(this.file, bytes, 0, bytes.length, from * RECORD_BYTES);
    // The records as 32-bit words (the format is little-endian, as this machine: checked).
    const words = LITTLE_ENDIAN ? new Uint32Array(bytes.buffer) : null;
    const view = new DataView(bytes.buffer);
    const offsets = new Float64Array(n + 1);
    const times = new Float64Array(n);
    let b = n > 0 ? this.blockOf(from) : 0;
    let k = 0;
    while (k < n) {
      // One block at a time: its base offset and time, then its lines.
      const blockEnd = Math.min(
        n,
        (b + 1 < this.blockFirst.length ? (this.blockFirst[b + 1] as number) : Infinity) - from,
      );
      const offset = this.blockOffset[b] as number;
      const base = this.blockBase[b] as number;
      for (; k < blockEnd; k++) {
        const at = k * 2;
        const rel = words ? (words[at] as number) : view.getUint32(at * 4, true);
        const delta = words ? (words[at + 1] as number) : view.getUint32(at * 4 + 4, true);
        offsets[k] = offset + rel;
        times[k] = delta === UNTIMED ? Number.NaN : base + delta;
      }
      b++;
    }
    offsets[n] = await this.offsetOf(to);
    return { from, to, offsets, times };
  }

  /**
   * The records of lines [from, to) as read, decoded on demand: a scan decodes only the lines
   * it reads up to and the lines that match, not every line's record. `reuse`: words to read
   * them into when large enough (the span is valid until they are reused).
   */
  async span(from: number, to: number, reuse: Uint32Array | null = null): Promise<RecordSpan> {
    const n = Math.max(0, to - from);
    // Read as they are into the words (the format is little-endian; swapped elsewhere).
    const words = reuse !== null && reuse.length >= n * 2 ? reuse : new Uint32Array(n * 2);
    const bytes = new Uint8Array(words.buffer, words.byteOffset, n * RECORD_BYTES);
    await readAt(this.file, bytes, 0, bytes.length, from * RECORD_BYTES);
    if (!LITTLE_ENDIAN) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let k = 0; k < n * 2; k++) words[k] = view.getUint32(k * 4, true);
    }
    // The blocks the span covers: where each begins in it, its offset and base time.
    const first = n > 0 ? this.blockOf(from) : 0;
    const last = n > 0 ? this.blockOf(to - 1) : -1;
    const count = Math.max(0, last - first + 1);
    const starts = new Int32Array(count);
    const offsets = new Float64Array(count);
    const bases = new Float64Array(count);
    for (let b = first; b <= last; b++) {
      starts[b - first] = Math.max(0, (this.blockFirst[b] as number) - from);
      offsets[b - first] = this.blockOffset[b] as number;
      bases[b - first] = this.blockBase[b] as number;
    }
    return new RecordSpan(from, to, words, starts, offsets, bases, await this.offsetOf(to));
  }

  /**
   * The first line whose effective time is at least `t` (`after`: greater than `t`);
   * `lineCount` when none is. Untimed lines count as earlier than any time.
   */
  async firstLineFrom(t: number, after = false): Promise<number> {
    const before = (time: number) => Number.isNaN(time) || (after ? time <= t : time < t);
    // The first block whose last time is not before t.
    let lo = 0;
    let hi = this.blockLast.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(this.blockLast[mid] as number)) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= this.blockLast.length) return this.lineCount;
    let a = this.blockFirst[lo] as number;
    let z = lo + 1 < this.blockFirst.length ? (this.blockFirst[lo + 1] as number) : this.lineCount;
    while (a < z) {
      const mid = Math.floor((a + z) / 2);
      if (before(await this.timeOf(mid))) a = mid + 1;
      else z = mid;
    }
    return a;
  }
}

/**
 * The records of lines [from, to) of a file (LineIndex.span), decoded on demand. Line k of the
 * span is line from + k of the file.
 */
export class RecordSpan {
  constructor(
    readonly from: number,
    readonly to: number,
    /** Two words a line: its offset from its block's, its time from its block's base. */
    private readonly words: Uint32Array,
    /** The blocks the span covers: the span's line each begins at (the first: 0). */
    private readonly blockStarts: Int32Array,
    private readonly blockOffsets: Float64Array,
    private readonly blockBases: Float64Array,
    /** Where the last line ends (the next line's start, or the file's end). */
    private readonly end: number,
  ) {}

  get length(): number {
    return this.to - this.from;
  }

  /** The span's block holding line k. */
  private blockOf(k: number): number {
    const starts = this.blockStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Where line k starts in the file (k = length: where the last line ends). */
  offset(k: number): number {
    if (k >= this.to - this.from) return this.end;
    return (this.blockOffsets[this.blockOf(k)] as number) + (this.words[k * 2] as number);
  }

  /** Line k's effective time (NaN: untimed). */
  time(k: number): number {
    const delta = this.words[k * 2 + 1] as number;
    return delta === UNTIMED ? Number.NaN : (this.blockBases[this.blockOf(k)] as number) + delta;
  }

  /** The line whose bytes hold the file offset `at` (at least `from`, a line of the span). */
  lineAt(at: number, from = 0): number {
    // The block, then the line in it: offsets grow with lines.
    const starts = this.blockStarts;
    let b = this.blockOf(from);
    let hiB = starts.length - 1;
    while (b < hiB) {
      const mid = (b + hiB + 1) >> 1;
      if ((this.blockOffsets[mid] as number) <= at) b = mid;
      else hiB = mid - 1;
    }
    const rel = at - (this.blockOffsets[b] as number);
    let lo = Math.max(from, starts[b] as number);
    let hi = (b + 1 < starts.length ? (starts[b + 1] as number) : this.to - this.from) - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.words[mid * 2] as number) <= rel) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
