import { Duplex } from 'node:stream';
import type { PgliteEngine } from './pglite-worker.js';

/**
 * A socket-like duplex stream that speaks the PostgreSQL wire protocol to an
 * in-process PGlite, so `pg.Client`/`pg.Pool` work unchanged against the
 * embedded database (pg accepts a `stream` factory in its config).
 *
 * Frontend messages are framed here and handed to PGlite whole: the startup
 * packet has no type byte, every later message is `type(1) + length(4) + body`.
 */
/** The work queued on each engine, across all its streams (see _write). */
const engineQueues = new WeakMap<object, Promise<void>>();

export class PgliteStream extends Duplex {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: Pick<PgliteEngine, 'execProtocolRaw'>) {
    super();
  }

  // The pg driver treats the stream as a net.Socket.
  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (error?: Error | null) => void) {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages = this.takeCompleteMessages();
    if (messages.length === 0) {
      callback();
      return;
    }
    // One queue per engine, not per stream: PGlite is one session, and a client the pool
    // replaces (after an error) may still have its Sync to run before the next client's query.
    const previous = engineQueues.get(this.db) ?? Promise.resolve();
    this.queue = previous.then(() => this.execute(messages));
    engineQueues.set(
      this.db,
      this.queue.catch(() => {}),
    );
    callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.queue.then(() => {
      this.push(null);
      callback();
    }, callback);
  }

  private takeCompleteMessages(): Buffer[] {
    const out: Buffer[] = [];
    for (;;) {
      const headerLength = this.started ? 5 : 4;
      if (this.pending.length < headerLength) break;
      const length = this.started ? this.pending.readInt32BE(1) + 1 : this.pending.readInt32BE(0);
      if (this.pending.length < length) break;
      out.push(this.pending.subarray(0, length));
      this.pending = this.pending.subarray(length);
      this.started = true;
    }
    return out;
  }

  /**
   * Runs the client's messages in order. A stream the client destroyed meanwhile still has its
   * messages run (their answers dropped): skipping its Sync would leave the one session waiting
   * for it, and the next client's queries would never be answered.
   */
  private async execute(messages: Buffer[]): Promise<void> {
    for (const message of messages) {
      // 'X' is Terminate: the client is closing its connection.
      if (message[0] === 0x58) {
        if (!this.destroyed) this.push(null);
        return;
      }
      try {
        const result = await this.db.execProtocolRaw(new Uint8Array(message));
        if (result.length > 0 && !this.destroyed) this.push(Buffer.from(result));
      } catch (error) {
        if (!this.destroyed)
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
  }
}
