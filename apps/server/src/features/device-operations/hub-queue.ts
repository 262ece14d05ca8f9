import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { OperationsLog } from './device-operations.ports.js';

/** The pg-boss queue of hub jobs; its job carries only our job's id. */
export const HUB_QUEUE = 'hub-commands';

export interface HubQueueOptions {
  pool: pg.Pool;
  /** Carries out one of our jobs; rejects to have pg-boss retry it later. */
  handle: (jobId: string, signal: AbortSignal) => Promise<void>;
  /** pg-boss gives up on a job (and retries it) after this long. */
  expireInSeconds: number;
  /** Seconds between two fetches when nothing woke the worker. */
  pollingIntervalSeconds?: number;
  log: OperationsLog;
}

/**
 * Durable hub jobs on pg-boss 10, over our own pool on both databases: pg-boss's `db` option
 * takes an `executeSql`, which is the pool's `query` (PGlite's single connection included).
 * Retries: a job whose handler failed (the server closed mid-job, the database blipped) is
 * retried after a few seconds, up to 3 times; the handler is idempotent.
 */
export function createHubQueue(o: HubQueueOptions) {
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
    // Our sweeper ends stuck jobs; pg-boss's cron and clock monitors are not needed.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => o.log.warn({ err }, 'job queue error'));
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let workerId: string | null = null;
  let started: Promise<void> | null = null;
  let closing = false;

  async function handle([job]: PgBoss.Job<{ jobId: string }>[]): Promise<void> {
    if (!job) return;
    const controller = new AbortController();
    const done = o.handle(job.data.jobId, controller.signal);
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
    /** Creates pg-boss's schema and queue if needed and starts the worker. */
    start(): Promise<void> {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(HUB_QUEUE, {
          name: HUB_QUEUE,
          retryLimit: 3,
          retryDelay: 1,
          expireInSeconds: o.expireInSeconds,
        });
        if (closing) return;
        workerId = await boss.work<{ jobId: string }>(
          HUB_QUEUE,
          { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2, batchSize: 1 },
          handle,
        );
      })();
      return started;
    },

    /** Queues our job for a worker (and wakes this instance's worker at once). */
    async send(jobId: string): Promise<void> {
      await this.start();
      await boss.send(
        HUB_QUEUE,
        { jobId },
        { retryLimit: 3, retryDelay: 1, expireInSeconds: o.expireInSeconds },
      );
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
export type HubQueue = ReturnType<typeof createHubQueue>;
