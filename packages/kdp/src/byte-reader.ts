/**
 * Pulls bytes from a stream on demand: the archive parser asks for a header block or a piece of
 * an entry, and only then is more inflated. Nothing is read ahead beyond the stream's own
 * buffer, so a reader that stops (at a limit or an error) stops inflating too.
 */
import { BufferQueue } from './buffer-queue.js';
import { KdpError } from './errors.js';

/** zlib's errors (Z_DATA_ERROR...) become bad-archive; other errors are passed on as they are. */
export function asKdpError(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof KdpError) && typeof code === 'string' && code.startsWith('Z_')) {
    const detail = error instanceof Error ? error.message : String(error);
    return new KdpError('bad-archive', `The bundle's compressed archive is damaged: ${detail}.`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** How far a stream may inflate its source, as it goes. */
export interface InflationLimit {
  ratio: number;
  allowance: number;
  /** The source's bytes read so far. */
  sourceBytes: () => number;
}

export class ByteReader {
  readonly #iterator: AsyncIterator<Buffer>;
  readonly #queue = new BufferQueue();
  readonly #maxBytes: number;
  readonly #inflation: InflationLimit | undefined;
  #ended = false;
  #error: Error | undefined;
  /** Bytes pulled from the stream so far. */
  pulled = 0;

  /**
   * `maxBytes`: more than this many bytes from the stream is `limit-exceeded`; so is more than
   * `inflation.allowance` + `inflation.ratio` × the bytes of the stream's own source read so far
   * (a gzip bomb, stopped early).
   */
  constructor(source: AsyncIterable<Buffer>, maxBytes: number, inflation?: InflationLimit) {
    this.#iterator = source[Symbol.asyncIterator]();
    this.#maxBytes = maxBytes;
    this.#inflation = inflation;
  }

  /** `count` bytes, or fewer (`complete` false) when the stream ends first. */
  async readExactly(count: number): Promise<{ bytes: Buffer; complete: boolean }> {
    while (this.#queue.length < count && (await this.#fill()));
    const bytes = this.#queue.take(Math.min(count, this.#queue.length));
    return { bytes, complete: bytes.length === count };
  }

  /** Between 1 and `max` bytes; undefined at the end of the stream. */
  async readSome(max: number): Promise<Buffer | undefined> {
    if (this.#queue.length === 0 && !(await this.#fill())) return undefined;
    return this.#queue.takeUpTo(max);
  }

  /** Stops the stream (its async iterator destroys it). */
  async close(): Promise<void> {
    this.#ended = true;
    await this.#iterator.return?.();
  }

  async #fill(): Promise<boolean> {
    if (this.#error !== undefined) throw this.#error;
    if (this.#ended) return false;
    try {
      const next = await this.#iterator.next();
      if (next.done === true) {
        this.#ended = true;
        return false;
      }
      const chunk = next.value;
      this.pulled += chunk.length;
      if (this.pulled > this.#maxBytes) {
        throw new KdpError(
          'limit-exceeded',
          `The bundle inflates to more than ${this.#maxBytes} bytes; stopped there.`,
        );
      }
      const inflation = this.#inflation;
      if (inflation) {
        const read = inflation.sourceBytes();
        if (this.pulled > inflation.allowance + inflation.ratio * read) {
          throw new KdpError(
            'limit-exceeded',
            `The bundle inflates more than ${inflation.ratio} times its size (${this.pulled} bytes from its first ${read}); stopped there.`,
          );
        }
      }
      this.#queue.push(chunk);
      return true;
    } catch (error) {
      // Sticky: once the stream has failed, every later read fails the same way.
      this.#error = asKdpError(error);
      throw this.#error;
    }
  }
}
