/**
 * A time series on disk as levels of fixed-width records (docs/formats/series-index.md, decision
 * 041). A record is `width` float64 values, the first its time in ms since 1970, the others its
 * fields (NaN where it had none). Level 0 holds every record in time order; level k+1 holds, for
 * each block of BLOCK_RECORDS records of level k, the few records that stand for it (the
 * shape's `candidates`: for tracking the lowest and highest SINR, the first without SINR, the
 * first muted), so any range can be downsampled from a level a small multiple of the target
 * points, whatever the length of the log. Each level keeps the time of every PAGE_RECORDS-th
 * record (its directory, in the index's metadata) to find a time in one small read.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { SeriesShape } from './downsample.js';

/** Records of a level that one block of the next level stands for. */
export const BLOCK_RECORDS = 64;
/** Records between two times of a level's directory. */
export const PAGE_RECORDS = 512;
/** Levels at most (level 4 is 16^4 times smaller than level 0 at the least). */
const MAX_LEVELS = 5;
/** A level's records are written in pieces of about this size. */
const FLUSH_BYTES = 64 * 1024;

export interface SeriesLevelMeta {
  /** Records in the level. */
  count: number;
  /** The time of records 0, PAGE_RECORDS, 2 × PAGE_RECORDS, … */
  directory: number[];
}

export interface SeriesMeta {
  /** The level files' names are `${file}.L${k}`, relative to the index folder. */
  file: string;
  width: number;
  levels: SeriesLevelMeta[];
  /** Time of the first and last record (null for an empty series). */
  first: number | null;
  last: number | null;
}

export const levelFile = (file: string, level: number): string => `${file}.L${level}`;

/** Writes one level: records appended in pieces, the directory kept, blocks fed upwards. */
class LevelWriter {
  readonly #folder: string;
  readonly #file: string;
  readonly #path: string;
  readonly #shape: SeriesShape;
  readonly #level: number;
  readonly #width: number;
  readonly #queue: { pending: Promise<void> };
  #buffer: Float64Array;
  #buffered = 0;
  #block: Float64Array;
  #inBlock = 0;
  #next: LevelWriter | null = null;
  readonly meta: SeriesLevelMeta = { count: 0, directory: [] };
  readonly #levels: SeriesLevelMeta[];

  constructor(
    folder: string,
    file: string,
    shape: SeriesShape,
    level: number,
    queue: { pending: Promise<void> },
    levels: SeriesLevelMeta[],
  ) {
    this.#path = path.join(folder, levelFile(file, level));
    this.#shape = shape;
    this.#level = level;
    this.#width = shape.width;
    this.#queue = queue;
    this.#levels = levels;
    levels.push(this.meta);
    this.#buffer = new Float64Array(
      Math.max(1, Math.floor(FLUSH_BYTES / 8 / this.#width)) * this.#width,
    );
    this.#block = new Float64Array(BLOCK_RECORDS * this.#width);
    this.#folder = folder;
    this.#file = file;
  }

  add(records: Float64Array, at: number): void {
    const w = this.#width;
    if (this.meta.count % PAGE_RECORDS === 0) this.meta.directory.push(records[at] as number);
    this.meta.count += 1;
    this.#buffer.set(records.subarray(at, at + w), this.#buffered * w);
    this.#buffered += 1;
    if (this.#buffered * w === this.#buffer.length) this.#flush();
    this.#block.set(records.subarray(at, at + w), this.#inBlock * w);
    this.#inBlock += 1;
    if (this.#inBlock === BLOCK_RECORDS) this.#closeBlock();
  }

  /** Hands the block's candidates to the next level (made when first needed). */
  #closeBlock(): void {
    if (this.#inBlock === 0) return;
    if (this.#next === null) {
      if (this.#level + 1 >= MAX_LEVELS) {
        this.#inBlock = 0;
        return;
      }
      this.#next = new LevelWriter(
        this.#folder,
        this.#file,
        this.#shape,
        this.#level + 1,
        this.#queue,
        this.#levels,
      );
    }
    const block = this.#block.subarray(0, this.#inBlock * this.#width);
    for (const i of this.#shape.candidates(block, this.#inBlock)) {
      this.#next.add(block, i * this.#width);
    }
    this.#inBlock = 0;
  }

  #flush(): void {
    if (this.#buffered === 0) return;
    const bytes = new Uint8Array(
      this.#buffer.buffer,
      this.#buffer.byteOffset,
      this.#buffered * this.#width * 8,
    );
    this.#buffer = new Float64Array(this.#buffer.length);
    this.#buffered = 0;
    const file = this.#path;
    this.#queue.pending = this.#queue.pending.then(() => appendFile(file, bytes));
  }

  /** Writes what is left, and the last, partial block's candidates upwards. */
  finish(): void {
    this.#flush();
    // A partial block only when there is a level above already (a short series stays one level).
    if (this.#next !== null) this.#closeBlock();
    this.#next?.finish();
  }
}

/**
 * Writes a series into `folder`: `add` records in time order, `drain` now and then (after each
 * piece of input: the writes are queued, so memory stays bounded by what one piece adds), then
 * `finish` for its metadata.
 */
export class SeriesWriter {
  readonly #queue = { pending: Promise.resolve() };
  readonly #levels: SeriesLevelMeta[] = [];
  readonly #level0: LevelWriter;
  readonly #file: string;
  readonly #width: number;
  #first: number | null = null;
  #last: number | null = null;

  constructor(folder: string, file: string, shape: SeriesShape) {
    this.#file = file;
    this.#width = shape.width;
    this.#level0 = new LevelWriter(folder, file, shape, 0, this.#queue, this.#levels);
  }

  /** The time of the last record added (null before the first). */
  get last(): number | null {
    return this.#last;
  }

  /** Adds the record at `at` of `records` (its time not before the last one's). */
  add(records: Float64Array, at = 0): void {
    const t = records[at] as number;
    this.#first ??= t;
    this.#last = t;
    this.#level0.add(records, at);
  }

  /** Waits for the queued writes (and throws their error). */
  async drain(): Promise<void> {
    const pending = this.#queue.pending;
    await pending;
  }

  async finish(): Promise<SeriesMeta> {
    this.#level0.finish();
    await this.drain();
    return {
      file: this.#file,
      width: this.#width,
      levels: this.#levels.filter((l) => l.count > 0),
      first: this.#first,
      last: this.#last,
    };
  }
}

/** Reads `length` bytes at `offset` of an index file (a ranged read of the blob store). */
export type RangeReader = (file: string, offset: number, length: number) => Promise<Buffer>;

/** The records of a series between two times, read from the level that fits. */
export interface SeriesSlice {
  /** The records, `width` values each, in time order. */
  records: Float64Array;
  count: number;
  /** The level they come from (0: every sample). */
  level: number;
  /** Samples of level 0 in the range. */
  sourceCount: number;
}

/**
 * The page of the directory where a search for `t` starts: the last page whose first time is
 * before t (at most t when `inclusive`, for the first record after t).
 */
function pageOf(directory: readonly number[], t: number, inclusive = false): number {
  let lo = 0;
  let hi = directory.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const first = directory[mid] as number;
    if (inclusive ? first <= t : first < t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Reads records [from, to) of a level into a Float64Array. */
async function readRecords(
  read: RangeReader,
  meta: SeriesMeta,
  level: number,
  from: number,
  to: number,
): Promise<Float64Array> {
  const bytes = (to - from) * meta.width * 8;
  if (bytes <= 0) return new Float64Array(0);
  const buffer = await read(levelFile(meta.file, level), from * meta.width * 8, bytes);
  if (buffer.length !== bytes) {
    throw new Error(`The series index ${meta.file} is shorter than its metadata says.`);
  }
  // Copied into memory of its own: a Buffer may sit unaligned in a shared pool.
  const out = new Float64Array(bytes / 8);
  new Uint8Array(out.buffer).set(buffer);
  return out;
}

/** First index in records (width w, count n) whose time is at least t (> t when `after`). */
function bound(records: Float64Array, w: number, n: number, t: number, after: boolean) {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const tm = records[mid * w] as number;
    if (after ? tm <= t : tm < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first record of a level at or after t (after t when `after`). */
async function levelBound(
  read: RangeReader,
  meta: SeriesMeta,
  level: number,
  t: number,
  after: boolean,
): Promise<number> {
  const { count, directory } = meta.levels[level] as SeriesLevelMeta;
  if (count === 0) return 0;
  const page = pageOf(directory, t, after);
  const from = page * PAGE_RECORDS;
  const to = Math.min(count, from + PAGE_RECORDS);
  const records = await readRecords(read, meta, level, from, to);
  return from + bound(records, meta.width, to - from, t, after);
}

/**
 * The records of [start, end] (ms, both included) for an answer of at most `target` points in
 * `buckets` buckets of equal time: every sample (level 0) when the range has at most `target`,
 * else those of the highest level whose blocks are no longer than a bucket (a block of level k
 * stands for 64^k samples), so each bucket still picks from its own samples' candidates. Also how
 * many samples level 0 has there.
 */
export async function readSeriesRange(
  read: RangeReader,
  meta: SeriesMeta,
  start: number,
  end: number,
  { target, buckets }: { target: number; buckets: number },
): Promise<SeriesSlice> {
  const w = meta.width;
  if (meta.levels.length === 0 || end < start) {
    return { records: new Float64Array(0), count: 0, level: 0, sourceCount: 0 };
  }
  const from0 = await levelBound(read, meta, 0, start, false);
  const to0 = await levelBound(read, meta, 0, end, true);
  const sourceCount = to0 - from0;
  let level = 0;
  if (sourceCount > target) {
    while (
      level + 1 < meta.levels.length &&
      BLOCK_RECORDS ** (level + 1) <= sourceCount / Math.max(1, buckets)
    ) {
      level += 1;
    }
  }
  if (level === 0) {
    const records = await readRecords(read, meta, 0, from0, to0);
    return { records, count: sourceCount, level: 0, sourceCount };
  }
  const { count, directory } = meta.levels[level] as SeriesLevelMeta;
  const first = pageOf(directory, start) * PAGE_RECORDS;
  const last = Math.min(count, (pageOf(directory, end, true) + 1) * PAGE_RECORDS);
  const pages = await readRecords(read, meta, level, first, last);
  const n = last - first;
  const a = bound(pages, w, n, start, false);
  const b = bound(pages, w, n, end, true);
  return {
    records: pages.subarray(a * w, b * w),
    count: b - a,
    level,
    sourceCount,
  };
}
