import { createHash } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { LogScan } from './log-scan.js';

/** Matches kept in memory before they are written to the list's file (16 bytes each). */
const PENDING = 16_384;
const RECORD = 16;

/**
 * The lines of one log that match one pattern, as far as they were searched (decision 042): a
 * list kept in a file of (line, time) pairs as the scan proceeds, so that page 2 of a filter
 * search, or the next highlight, continues from where page 1 stopped instead of reading the
 * log from the start again. Lines [lo, scannedTo) are searched; matches are in line order.
 */
export class MatchList {
  lo: number;
  scannedTo: number;
  count = 0;
  private flushed = 0;
  private readonly pending = new Float64Array(PENDING * 2);
  private pendingCount = 0;
  lastUsed = Date.now();
  /** Requests using the list (an evicted list in use is closed when the last one is done). */
  users = 0;
  evicted = false;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly key: string,
    private readonly file: string,
    private readonly handle: FileHandle,
    lo: number,
  ) {
    this.lo = lo;
    this.scannedTo = lo;
  }

  get bytes(): number {
    return this.count * RECORD;
  }

  /** The i-th match: its line and effective time. */
  async record(i: number): Promise<{ line: number; time: number }> {
    if (i >= this.flushed) {
      const k = (i - this.flushed) * 2;
      return { line: this.pending[k] as number, time: this.pending[k + 1] as number };
    }
    // A buffer per read: reads of one list may run at once.
    const bytes = Buffer.allocUnsafe(RECORD);
    await this.handle.read(bytes, 0, RECORD, i * RECORD);
    return { line: bytes.readDoubleLE(0), time: bytes.readDoubleLE(8) };
  }

  /** The first match index whose line is at least `line` (count when none). */
  async lowerBound(line: number): Promise<number> {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((await this.record(mid)).line < line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private async flush(): Promise<void> {
    if (this.pendingCount === 0) return;
    const bytes = Buffer.from(this.pending.buffer, 0, this.pendingCount * RECORD);
    await this.handle.write(bytes, 0, bytes.length, this.flushed * RECORD);
    this.flushed += this.pendingCount;
    this.pendingCount = 0;
  }

  /** Runs `work` after the list's earlier work (one scan extends a list at a time). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => {});
    return run;
  }

  /** Appends matches found right after the list's end (their lines from scannedTo on). */
  private async append(matches: Float64Array, count: number): Promise<void> {
    for (let k = 0; k < count; k++) {
      if (this.pendingCount >= PENDING) await this.flush();
      const at = this.pendingCount * 2;
      this.pending[at] = matches[k * 2] as number;
      this.pending[at + 1] = matches[k * 2 + 1] as number;
      this.pendingCount++;
      this.count++;
    }
  }

  /**
   * Searches on from scannedTo (up to line `to`) until `wanted()` more matches are none, or
   * `to` is reached: a few segments at once when the scan can (the workers), taken in order,
   * each only once those before it were searched through. An abort keeps what was found up to
   * its last match.
   */
  async extend(
    scan: LogScan,
    to: number,
    wanted: () => number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    while (this.scannedTo < to && wanted() > 0) {
      signal?.throwIfAborted();
      const limit = Math.min(PENDING, wanted());
      const segments: [number, number][] = [];
      for (let s = this.scannedTo; s < to && segments.length < scan.parallel;) {
        const e = Math.max(s + 1, Math.min(to, scan.segmentEnd(s, to)));
        segments.push([s, e]);
        s = e;
      }
      // The later segments are given up once an earlier one holds enough.
      const later = new AbortController();
      const stop = () => later.abort(signal?.reason);
      signal?.addEventListener('abort', stop, { once: true });
      const runs = segments.map(([s, e]) => scan.run(s, e, limit, later.signal));
      try {
        for (const [k, run] of runs.entries()) {
          const r = await run;
          await this.append(r.matches, r.count);
          this.scannedTo = r.resume;
          if (r.aborted || r.resume < (segments[k] as [number, number])[1] || wanted() <= 0) break;
        }
      } finally {
        later.abort();
        signal?.removeEventListener('abort', stop);
        await Promise.allSettled(runs);
        await this.flush();
      }
    }
    signal?.throwIfAborted();
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => {});
    await rm(this.file, { force: true });
  }
}

export interface MatchCacheOptions {
  /** A folder of this process's own (emptied at start). */
  dir: string;
  /** Bytes of match lists kept on disk (least recently used first out). */
  maxBytes?: number;
  maxLists?: number;
}

/** Where match lists are kept and reused, bounded by bytes and count (LRU). */
export function createMatchCache(options: MatchCacheOptions) {
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const maxLists = options.maxLists ?? 64;
  const lists = new Map<string, MatchList[]>();
  let ready: Promise<void> | null = null;
  let serial = 0;

  const start = () =>
    (ready ??= (async () => {
      await rm(options.dir, { recursive: true, force: true });
      await mkdir(options.dir, { recursive: true });
    })());

  function all(): MatchList[] {
    return [...lists.values()].flat();
  }

  async function evict(): Promise<void> {
    const candidates = all().sort((a, b) => a.lastUsed - b.lastUsed);
    let bytes = candidates.reduce((n, l) => n + l.bytes, 0);
    let count = candidates.length;
    for (const list of candidates) {
      if (bytes <= maxBytes && count <= maxLists) break;
      if (list.users > 0) continue;
      const same = lists.get(list.key) ?? [];
      lists.set(
        list.key,
        same.filter((l) => l !== list),
      );
      if (lists.get(list.key)?.length === 0) lists.delete(list.key);
      list.evicted = true;
      bytes -= list.bytes;
      count--;
      await list.close();
    }
  }

  return {
    /**
     * The list of `key` that covers line `from` (it began at or before it and was searched up
     * to it at least), or a new one beginning there. Call `release` when done with it.
     */
    async acquire(key: string, from: number): Promise<MatchList> {
      await start();
      const known = (lists.get(key) ?? []).find((l) => l.lo <= from && from <= l.scannedTo);
      let list = known;
      if (!list) {
        const name = `${createHash('sha256').update(key).digest('hex').slice(0, 32)}-${++serial}.matches`;
        const file = path.join(options.dir, name);
        const handle = await open(file, 'w+', 0o600);
        list = new MatchList(key, file, handle, from);
        lists.set(key, [...(lists.get(key) ?? []), list]);
      }
      list.users++;
      list.lastUsed = Date.now();
      return list;
    },

    async release(list: MatchList): Promise<void> {
      list.users--;
      list.lastUsed = Date.now();
      await evict();
    },

    /** Every list's size, for tests and the bench. */
    stats(): { lists: number; bytes: number } {
      const l = all();
      return { lists: l.length, bytes: l.reduce((n, x) => n + x.bytes, 0) };
    },

    async close(): Promise<void> {
      for (const list of all()) await list.close();
      lists.clear();
    },
  };
}
export type MatchCache = ReturnType<typeof createMatchCache>;
