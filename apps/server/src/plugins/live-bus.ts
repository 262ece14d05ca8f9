import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

/**
 * Channels of the bus. Each is a PostgreSQL NOTIFY channel: keep names short,
 * lower-case and fixed (they are identifiers, not user input).
 */
export const LIVE_CHANNELS = {
  notifications: 'aerie_notifications',
  cacheClear: 'aerie_cache_clear',
  /** A user's credentials changed (credentials-events.ts). */
  credentials: 'aerie_credentials',
} as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[keyof typeof LIVE_CHANNELS];

export type LiveHandler = (payload: unknown) => void;

/**
 * Fan-out of small messages to every server process on one database
 * (ARCHITECTURE §7). Messages are announcements (ids, kinds), never data:
 * a receiver loads what it needs. Delivery is at most once: a message sent
 * while an instance is reconnecting is lost to that instance.
 */
export interface LiveBus {
  /** Sends to every instance, this one included. */
  publish(channel: LiveChannel, payload: object): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: LiveChannel, handler: LiveHandler): () => void;
  /** Resolves once this instance receives messages (the first LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7900;

function encode(payload: object): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
    throw new Error('live bus payload too large: send ids, not data');
  return text;
}

/** Chooses the implementation for the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export function createLiveBus(database: Database, log: FastifyBaseLogger): LiveBus {
  return database.url
    ? createPostgresLiveBus(database.url, database.pool, log)
    : createInProcessLiveBus();
}

/** PGlite: only one process can open its directory, so an in-process emitter reaches everyone. */
export function createInProcessLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      const message: unknown = JSON.parse(encode(payload));
      // Asynchronous like NOTIFY, so publishers never run subscriber code inline.
      setImmediate(() => emitter.emit(channel, message));
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one dedicated connection
 * (a pooled one would be handed to other queries). The listener reconnects
 * with backoff after an error or a dropped connection.
 */
export function createPostgresLiveBus(url: string, pool: pg.Pool, log: FastifyBaseLogger): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const channels = Object.values(LIVE_CHANNELS);
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let ready: Promise<void> = connect();

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (!message.payload) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message.payload);
      } catch {
        log.warn({ channel: message.channel }, 'live bus: ignored a malformed message');
        return;
      }
      emitter.emit(message.channel, payload);
    });
    c.on('error', (error) => {
      log.warn({ err: error }, 'live bus: listener connection failed; reconnecting');
      scheduleReconnect(c);
    });
    c.on('end', () => scheduleReconnect(c));
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
    } catch (error) {
      log.warn({ err: error }, 'live bus: could not listen; retrying');
      scheduleReconnect(c);
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = RECONNECT_MIN_MS;
  }

  function scheduleReconnect(failed: pg.Client): void {
    if (closed || timer) return;
    if (client === failed) client = null;
    failed.removeAllListeners();
    failed.on('error', () => {});
    void failed.end().catch(() => {});
    timer = setTimeout(() => {
      timer = null;
      ready = connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  return {
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, encode(payload)]);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    ready: () => ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready.catch(() => {});
      emitter.removeAllListeners();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
