import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Queryable } from '../db/transaction.js';

export interface DurableQueueLog {
  warn(obj: object, msg: string): void;
}

export interface DurableQueueOptions<T extends object> {
  pool: pg.Pool;
  /** The pg-boss queue's name. */
  name: string;
  /** Carries out one job; rejects to have pg-boss retry it later. */
  handle: (data: T, signal: AbortSignal) => Promise<void>;
  /** Attempts after the first one before pg-boss gives the job up. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the delay after each failed attempt. */
  retryBackoff?: boolean;
  /** pg-boss gives up on a running job (and retries it) after this long. */
  expireInSeconds: number;
  /** Seconds between two fetches when nothing woke the worker. */
  pollingIntervalSeconds?: number;
  log: DurableQueueLog;
}

/**
 * A durable queue on pg-boss 10 over our own pool, on both databases: pg-boss's `db` option
 * takes an `executeSql`, which is the pool's `query` (PGlite's single connection included).
 * A job whose handler failed (threw, the server closed mid-job, the database blipped) is retried
 * after the delay; handlers must be idempotent. One worker per queue and instance, one job at a
 * time.
 */
export function createDurableQueue<T extends object>(o: DurableQueueOptions<T>) {
  // Statements pg-boss started: closing waits for them, so none runs on a closed pool.
  const inFlight = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        const p = o.pool.query(text, values);
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p)).catch(() => {});
        return p;
      },
    },
    // The features' own sweepers end stuck work; pg-boss's cron and clock monitors are not needed.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => o.log.warn({ err, queue: o.name }, 'job queue error'));
  const retry = {
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: o.retryBackoff ?? false,
    expireInSeconds: o.expireInSeconds,
  };
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let workerId: string | null = null;
  let started: Promise<void> | null = null;
  let ready = false;
  let closing = false;

  async function handle([job]: PgBoss.Job<T>[]): Promise<void> {
    if (!job) return;
    const controller = new AbortController();
    const done = o.handle(job.data, controller.signal);
    const entry = {
      controller,
      done: done.then(
        () => undefined,
        () => undefined,
      ),
    };
    running.set(job.id, entry);
    try {
      await done;
    } finally {
      running.delete(job.id);
    }
  }

  return {
    /** Creates pg-boss's schema and the queue if needed and starts the worker. */
    start(): Promise<void> {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(o.name, { name: o.name, ...retry });
        ready = true;
        if (closing) return;
        workerId = await boss.work<T>(
          o.name,
          { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2, batchSize: 1 },
          handle,
        );
      })();
      return started;
    },

    /**
     * Queues a job for a worker (and wakes this instance's worker at once). With a
     * `singletonKey`, a job with that key still waiting is not queued twice. With `db`, the job
     * is queued in the caller's transaction (it exists only if that commits): the queue must be
     * started first, and {@link wake} called after the commit.
     */
    async send(data: T, options: { singletonKey?: string; db?: Queryable } = {}): Promise<void> {
      const { db, ...rest } = options;
      if (db && !ready)
        throw new Error(`Start the queue ${o.name} before sending in a transaction.`);
      await this.start();
      await boss.send(o.name, data, {
        ...retry,
        ...rest,
        ...(db ? { db: { executeSql: (text, values) => db.query(text, values) } } : {}),
      });
      if (workerId && !db) boss.notifyWorker(workerId);
    },

    /** Wakes this instance's worker (after a transaction that queued a job committed). */
    wake(): void {
      if (workerId) boss.notifyWorker(workerId);
    },

    /**
     * Stops quickly: running handlers are aborted (pg-boss records them as failed, to be
     * retried by the next worker), then pg-boss stops, then its last statements finish.
     */
    async stop(): Promise<void> {
      closing = true;
      if (!started) return;
      await started.catch(() => {});
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((r) => r.done));
      // Let pg-boss record the handlers' failures before it stops.
      await new Promise((resolve) => setImmediate(resolve));
      await boss.stop({ graceful: false, wait: true, close: false });
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
export type DurableQueue<T extends object> = ReturnType<typeof createDurableQueue<T>>;
