import type pg from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { createDurableQueue, type DurableQueueLog } from '../../plugins/durable-queue.js';

/** The pg-boss queue of bundles to process; its job carries only the file's id. */
export const BUNDLE_QUEUE = 'diagnostic-bundles';

/**
 * Durable bundle processing: a run that failed (the server closed mid-bundle, the database
 * blipped) is retried, up to 3 times, starting after 5 s and doubling; the processor is
 * idempotent. A 500 MB bundle takes seconds to unpack: an hour without an answer is a lost run.
 */
export function createBundleQueue(o: {
  pool: pg.Pool;
  handle: (fileId: string, signal: AbortSignal) => Promise<void>;
  log: DurableQueueLog;
}) {
  const queue = createDurableQueue<{ fileId: string }>({
    pool: o.pool,
    name: BUNDLE_QUEUE,
    handle: (data, signal) => o.handle(data.fileId, signal),
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 3600,
    pollingIntervalSeconds: 2,
    log: o.log,
  });
  return {
    start: () => queue.start(),
    /** Queues a file in the caller's transaction (the queue must be started); wake after commit. */
    sendInTransaction: (fileId: string, db: Queryable) => queue.send({ fileId }, { db }),
    wake: () => queue.wake(),
    stop: () => queue.stop(),
  };
}
export type BundleQueue = ReturnType<typeof createBundleQueue>;
