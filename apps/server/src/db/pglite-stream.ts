import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A socket-like duplex stream that speaks the PostgreSQL wire protocol to an
 * in-process PGlite, so `pg.Client`/`pg.Pool` work unchanged against the
 * embedded database (pg accepts a `stream` factory in its config).
 *
 * Frontend messages are framed here and handed to PGlite whole: the startup
 * packet has no type byte, every later message is `type(1) + length(4) + body`.
 */
export class PgliteStream extends Duplex {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: PGlite) {
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
    this.queue = this.queue.then(() => this.execute(messages));
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

  private async execute(messages: Buffer[]): Promise<void> {
    for (const message of messages) {
      if (this.destroyed) return;
      // 'X' is Terminate: the client is closing its connection.
      if (message[0] === 0x58) {
        this.push(null);
        return;
      }
      try {
        const result = await this.db.execProtocolRaw(new Uint8Array(message));
        if (result.length > 0) this.push(Buffer.from(result));
      } catch (error) {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
  }
}
