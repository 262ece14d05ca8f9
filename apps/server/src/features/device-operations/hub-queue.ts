import type pg from 'pg';
import { createDurableQueue } from '../../plugins/durable-queue.js';
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
 * Durable hub jobs: a job whose handler failed (the server closed mid-job, the database
 * blipped) is retried after a second, up to 3 times; the handler is idempotent.
 */
export function createHubQueue(o: HubQueueOptions) {
  const queue = createDurableQueue<{ jobId: string }>({
    pool: o.pool,
    name: HUB_QUEUE,
    handle: (data, signal) => o.handle(data.jobId, signal),
    retryLimit: 3,
    retryDelaySeconds: 1,
    expireInSeconds: o.expireInSeconds,
    ...(o.pollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: o.pollingIntervalSeconds }),
    log: o.log,
  });
  return {
    start: () => queue.start(),
    /** Queues our job for a worker (and wakes this instance's worker at once). */
    send: (jobId: string) => queue.send({ jobId }),
    stop: () => queue.stop(),
  };
}
export type HubQueue = ReturnType<typeof createHubQueue>;
