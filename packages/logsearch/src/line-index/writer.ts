import {
  BLOCK_BYTES,
  BLOCK_LINES,
  INDEX_MAGIC,
  INDEX_VERSION,
  MAX_DELTA,
  RECORD_BYTES,
  TRAILER_BYTES,
  UNTIMED,
} from './format.js';
import { LineTimeParser, TIME_HEAD_BYTES } from './timestamps.js';

export interface LineIndexOptions {
  /** The last time of the log's older file (its effective time carries on); NaN: none. */
  carryTime?: number;
  /** When the logs were taken (ms), for timestamps without a year. */
  referenceTime?: number;
}

/** What an index says about its file, once written. */
export interface LineIndexSummary {
  lines: number;
  bytes: number;
  /** First and last effective time (NaN when no line has one). */
  firstTime: number;
  lastTime: number;
}

/**
 * Builds a file's line index (format.ts) while the file's bytes are pushed through it, in
 * order: `push` returns the index bytes produced so far (a view valid until the next call),
 * `finish` the rest. Only the current line's first bytes and the block table are kept.
 */
export class LineIndexBuilder {
  private readonly parser: LineTimeParser;
  private offset = 0;
  private lineStart = 0;
  /** Whether the current line's record was written (its time read). */
  private headDone = false;
  /** The current line's first bytes when they straddle two pushes. */
  private readonly head = new Uint8Array(TIME_HEAD_BYTES);
  private headLen = 0;
  private lines = 0;
  private effective: number;
  private firstTime = Number.NaN;
  // The block being filled.
  private blockFirst = 0;
  private blockOffset = 0;
  private blockBase = Number.NaN;
  private blockLast = Number.NaN;
  private readonly blocks: number[] = [];
  private out = new Uint8Array(64 * 1024);
  private outView = new DataView(this.out.buffer);
  private outLen = 0;

  constructor(options: LineIndexOptions = {}) {
    this.parser = new LineTimeParser(options.referenceTime ?? Number.NaN);
    this.effective = options.carryTime ?? Number.NaN;
  }

  private ensure(bytes: number): void {
    if (this.outLen + bytes <= this.out.length) return;
    const grown = new Uint8Array(Math.max(this.out.length * 2, this.outLen + bytes));
    grown.set(this.out.subarray(0, this.outLen));
    this.out = grown;
    this.outView = new DataView(grown.buffer);
  }

  private closeBlock(): void {
    if (this.lines > this.blockFirst) {
      this.blocks.push(this.blockFirst, this.blockOffset, this.blockBase, this.blockLast);
    }
  }

  /** Writes the record of the line starting at `lineStart` whose own time is `own`. */
  private record(own: number): void {
    if (!Number.isNaN(own) && !(own <= this.effective)) this.effective = own;
    const t = this.effective;
    if (Number.isNaN(this.firstTime) && !Number.isNaN(t)) this.firstTime = t;
    const lineCount = this.lines - this.blockFirst;
    const newBlock =
      lineCount === 0 ||
      lineCount >= BLOCK_LINES ||
      this.lineStart - this.blockOffset > 0xffffffff ||
      (Number.isNaN(this.blockBase) && !Number.isNaN(t)) ||
      t - this.blockBase > MAX_DELTA;
    if (newBlock) {
      this.closeBlock();
      this.blockFirst = this.lines;
      this.blockOffset = this.lineStart;
      this.blockBase = t;
    }
    this.blockLast = t;
    this.ensure(RECORD_BYTES);
    this.outView.setUint32(this.outLen, this.lineStart - this.blockOffset, true);
    this.outView.setUint32(this.outLen + 4, Number.isNaN(t) ? UNTIMED : t - this.blockBase, true);
    this.outLen += RECORD_BYTES;
    this.lines++;
  }

  /** Feeds the file's next bytes; the index bytes they completed. */
  push(chunk: Uint8Array): Uint8Array {
    this.outLen = 0;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (!this.headDone) {
        if (this.headLen > 0) {
          // The head began in an earlier push: complete it.
          let k = i;
          while (k < n && this.headLen < TIME_HEAD_BYTES && chunk[k] !== 0x0a) {
            this.head[this.headLen++] = chunk[k++] as number;
          }
          if (k === n && this.headLen < TIME_HEAD_BYTES) break;
          this.record(this.parser.parse(this.head, 0, this.headLen));
          this.headDone = true;
          this.headLen = 0;
        } else {
          const limit = Math.min(n, i + TIME_HEAD_BYTES);
          let k = i;
          while (k < limit && chunk[k] !== 0x0a) k++;
          if (k === n && k - i < TIME_HEAD_BYTES) {
            // The head runs on into the next push.
            this.head.set(chunk.subarray(i, n));
            this.headLen = n - i;
            break;
          }
          this.record(this.parser.parse(chunk, i, k));
          this.headDone = true;
        }
      }
      const nl = indexOfNewline(chunk, i);
      if (nl < 0) break;
      i = nl + 1;
      this.lineStart = this.offset + i;
      this.headDone = false;
    }
    this.offset += n;
    return this.out.subarray(0, this.outLen);
  }

  /** The rest of the index: the last line's record (a line without a final line feed), the block table, the trailer. */
  finish(): { bytes: Uint8Array; summary: LineIndexSummary } {
    this.outLen = 0;
    if (!this.headDone && this.lineStart < this.offset) {
      this.record(this.parser.parse(this.head, 0, this.headLen));
      this.headDone = true;
    }
    this.closeBlock();
    const blockCount = this.blocks.length / 4;
    this.ensure(blockCount * BLOCK_BYTES + TRAILER_BYTES);
    for (let k = 0; k < this.blocks.length; k++) {
      this.outView.setFloat64(this.outLen, this.blocks[k] as number, true);
      this.outLen += 8;
    }
    const t = this.outLen;
    for (let k = 0; k < 8; k++) this.out[t + k] = INDEX_MAGIC.charCodeAt(k);
    this.outView.setUint32(t + 8, INDEX_VERSION, true);
    this.outView.setUint32(t + 12, BLOCK_LINES, true);
    this.outView.setFloat64(t + 16, this.lines, true);
    this.outView.setFloat64(t + 24, blockCount, true);
    this.outView.setFloat64(t + 32, this.offset, true);
    this.outView.setFloat64(t + 40, this.firstTime, true);
    this.outView.setFloat64(t + 48, this.effective, true);
    this.outView.setFloat64(t + 56, 0, true);
    this.outLen += TRAILER_BYTES;
    return {
      bytes: this.out.subarray(0, this.outLen),
      summary: {
        lines: this.lines,
        bytes: this.offset,
        firstTime: this.firstTime,
        lastTime: this.lines > 0 ? this.effective : Number.NaN,
      },
    };
  }
}

function indexOfNewline(chunk: Uint8Array, from: number): number {
  // Buffer's indexOf is memchr; a plain Uint8Array's is a loop.
  if (Buffer.isBuffer(chunk)) return chunk.indexOf(0x0a, from);
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).indexOf(0x0a, from);
}

/**
 * The index of a file streamed from `source`, as pieces of bytes (copies: safe to keep) for a
 * writer; returns the summary when the source ends.
 */
export async function* lineIndexBytes(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: LineIndexOptions = {},
): AsyncGenerator<Buffer, LineIndexSummary, undefined> {
  const builder = new LineIndexBuilder(options);
  for await (const chunk of source) {
    const out = builder.push(chunk);
    if (out.length > 0) yield Buffer.from(out);
  }
  const { bytes, summary } = builder.finish();
  yield Buffer.from(bytes);
  return summary;
}
