import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FinalJobStatus, JsonValue } from '@aerie/contract';
import { isKdpError, type BundleLimits, type ParsedKeyring } from '@aerie/kdp';
import { BlobNotFoundError, type BlobStore } from '../../adapters/blob-store.js';
import type { Queryable } from '../../db/transaction.js';
import { ConflictError } from '../../plugins/errors.js';
import type { AppServices } from '../feature.js';
import { discardIndexes, runIndexers, type BundleIndexer } from './bundle-indexers.js';
import { unpackInThread } from './bundle-unpack.js';
import {
  canUnpackInWorker,
  startStreamingUnpack,
  unpackInWorker,
  type StreamingUnpack,
} from './bundle-unpack-worker.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { isDiskFull, LowDiskSpaceError, type DiskSpace } from './disk-space.js';
import type {
  DiagnosticEntryRow,
  DiagnosticFileRow,
  DiagnosticsRepository,
} from './diagnostics.repository.js';
import { bundleKey, contentPrefix } from './storage-path.js';

/** The quarantine folders of bundles unpacked while they upload, before they are files. */
export const STREAMING_PREFIX = 'upload-';

/** The jobs-table kind of a bundle's processing (shown in /jobs). */
export const PROCESS_BUNDLE_JOB = 'processDiagnosticBundle';

export interface ProcessorLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BundleProcessorDeps {
  repo: Pick<DiagnosticsRepository, 'claim' | 'markReady' | 'markRejected' | 'transaction'>;
  jobs: Pick<AppServices['jobs'], 'markRunning' | 'finish' | 'reportProgress'>;
  blobs: BlobStore;
  keyring: () => Promise<ParsedKeyring>;
  /** The reader's limits; @aerie/kdp's defaults where not given (docs/formats/kdp.md). */
  limits?: Partial<BundleLimits>;
  /** Where bundles are unpacked, one folder per file, before they are published. */
  quarantineDir: string;
  /**
   * The data disk: no unpack starts while its reserve is not free (a streamed upload is then
   * left to the queue, a queued one waits for its retries or the next start); none when unknown.
   */
  space?: DiskSpace;
  /**
   * Unpack on a worker thread when the store has the bundle as a local file (the default);
   * false: always on the main thread.
   */
  unpackInWorker?: boolean;
  /**
   * Bundles unpacked while they upload at once, each on a worker (default 2, one per core of
   * the machines we run on); an upload beyond that is processed from the store by the queue.
   */
  maxStreaming?: number;
  /**
   * Run over each unpacked bundle before it is published (bundle-indexers.ts): the reports'
   * indexes (decision 041: the tracking and metrics series; decision 042: the log search's
   * line index), kept beside the contents.
   */
  indexers?: readonly BundleIndexer[];
  /** Progress is written at most this often, or when it moved by `progressStep`. */
  progressIntervalMs?: number;
  progressStep?: number;
  log: ProcessorLog;
}

/** Why a bundle was rejected, as its status message and the job's result. */
interface Rejection {
  message: string;
  code: string;
}

/**
 * Processes stored bundles (decision 039): authenticate and unpack into a quarantine folder,
 * then publish and mark Ready with the entries in one transaction, or reject with the reason
 * and publish nothing. It runs again for the same file after a crash (pg-boss retries): a run
 * starts clean, and a file that already ended is left alone. An abort (the server closing)
 * throws, so the queue retries the file later.
 */
export function createBundleProcessor(deps: BundleProcessorDeps) {
  const running = new Set<string>();
  const intervalMs = deps.progressIntervalMs ?? 500;
  const step = deps.progressStep ?? 0.05;

  /** Reports the share of the bundle's bytes the reader consumed, throttled. */
  function progressReporter(jobId: string | null, total: number) {
    let last = 0;
    let lastAt = Date.now();
    let inFlight: Promise<unknown> = Promise.resolve();
    let busy = false;
    const onRead = (read: number) => {
      const fraction = total > 0 ? Math.min(1, read / total) : 1;
      const now = Date.now();
      if (
        jobId &&
        !busy &&
        (fraction - last >= step || (now - lastAt >= intervalMs && fraction > last))
      ) {
        busy = true;
        last = fraction;
        lastAt = now;
        inFlight = deps.jobs
          .reportProgress(jobId, fraction)
          .catch((err: unknown) => deps.log.warn({ err, jobId }, 'could not record progress'))
          .finally(() => {
            busy = false;
          });
      }
    };
    return { onRead, settled: () => inFlight };
  }

  async function finishJob(
    jobId: string | null,
    status: FinalJobStatus,
    result: JsonValue,
    db?: Queryable,
  ): Promise<void> {
    if (!jobId) return;
    try {
      await deps.jobs.finish(jobId, status, result, db ? { db } : {});
    } catch (error) {
      // Already final (a 409): whoever ended it recorded the outcome.
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /**
   * Unpacks the whole bundle into `dir`; the entries' index once the reader ended cleanly. On a
   * worker thread when the store has the bundle as a local file, else on this one.
   */
  async function unpack(
    file: DiagnosticFileRow,
    dir: string,
    signal: AbortSignal,
  ): Promise<DiagnosticEntryRow[]> {
    const { keyring } = await deps.keyring();
    const progress = progressReporter(file.jobId, file.fileSize);
    const options = { keyring, limits: deps.limits ?? {}, dir, signal, onRead: progress.onRead };
    try {
      await mkdir(deps.quarantineDir, { recursive: true });
      await mkdir(dir);
      const key = bundleKey(file);
      const local = deps.unpackInWorker === false ? null : (deps.blobs.localPath?.(key) ?? null);
      return local !== null && canUnpackInWorker()
        ? await unpackInWorker(local, options)
        : await unpackInThread(await deps.blobs.read(key), options);
    } finally {
      await progress.settled();
    }
  }

  function rejectionOf(error: unknown, fileId: string): Rejection {
    if (isKdpError(error)) return { message: error.message, code: error.code };
    if (error instanceof BlobNotFoundError) return { message: S.bundleMissing, code: 'missing' };
    if (isDiskFull(error)) {
      deps.log.error({ err: error, fileId }, 'the disk filled up while a bundle was unpacked');
      return { message: S.diskFull, code: 'disk-full' };
    }
    deps.log.error({ err: error, fileId }, 'a diagnostic bundle could not be processed');
    return { message: S.processingFailed, code: 'failed' };
  }

  /** Marks the file Rejected and its job Error, in one transaction (never one without the other). */
  async function reject(file: DiagnosticFileRow, rejection: Rejection): Promise<void> {
    await deps.repo.transaction(async (tx) => {
      await deps.repo.markRejected(tx, file.id, rejection.message);
      await finishJob(file.jobId, 'Error', { status: 'Rejected', ...rejection }, tx);
    });
  }

  /** Publishes the quarantine and marks the file Ready with its entries and its job Success. */
  async function publish(
    file: DiagnosticFileRow,
    dir: string,
    entries: DiagnosticEntryRow[],
    streamed: boolean,
  ) {
    const prefix = contentPrefix(file.id);
    await deps.blobs.publishDirectory(dir, prefix);
    if (file.jobId) await deps.jobs.reportProgress(file.jobId, 1);
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    const ready = await deps.repo.transaction(async (tx) => {
      if (!(await deps.repo.markReady(tx, file.id, entries))) return false;
      await finishJob(
        file.jobId,
        'Success',
        { status: 'Ready', entries: entries.length, bytes, unpackedWhileUploading: streamed },
        tx,
      );
      return true;
    });
    // Ended meanwhile by someone else: what was just published belongs to no file.
    if (!ready) await removePublished(file.id);
  }

  /** Removes what publishing a file wrote: its contents and their indexes. */
  async function removePublished(fileId: string): Promise<void> {
    await deps.blobs.removePrefix(contentPrefix(fileId));
    await discardIndexes(deps.indexers ?? [], fileId);
  }

  /** Publishes what was unpacked into `dir`, or rejects the file when that fails. */
  async function publishOrReject(
    file: DiagnosticFileRow,
    dir: string,
    entries: DiagnosticEntryRow[],
    signal: AbortSignal,
    streamed: boolean,
  ): Promise<void> {
    try {
      // NOTE: the one place indexers run: every entry is written, nothing is published yet.
      await runIndexers(
        deps.indexers ?? [],
        { fileId: file.id, dir, entries, takenAt: file.diagnosticCreatedOn, signal },
        deps.log,
      );
      await publish(file, dir, entries, streamed);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      await removePublished(file.id).catch(() => {});
      if (signal.aborted) throw error;
      // The bundle was good; the store or the database failed. Rejected if that can be
      // recorded, else retried by the queue.
      await reject(file, rejectionOf(error, file.id));
    }
  }

  async function markRunning(file: DiagnosticFileRow): Promise<void> {
    if (!file.jobId) return;
    await deps.jobs.markRunning(file.jobId).catch((error: unknown) => {
      // Running already: this is a retry.
      if (!(error instanceof ConflictError)) throw error;
    });
  }

  /** Whether an unpack may start: the disk's reserve is free (or cannot be measured). */
  async function roomToUnpack(): Promise<boolean> {
    return (await deps.space?.allows(0)) ?? true;
  }

  async function process(file: DiagnosticFileRow, signal: AbortSignal): Promise<void> {
    if (!(await roomToUnpack())) {
      // Not the bundle's fault: the queue retries it, and the next start queues it again.
      deps.log.warn({ fileId: file.id }, 'a diagnostic bundle waits for free disk space');
      throw new LowDiskSpaceError();
    }
    await markRunning(file);
    const dir = path.join(deps.quarantineDir, file.id);
    // A retry starts clean: a half-written quarantine, contents an attempt published but
    // never committed.
    await rm(dir, { recursive: true, force: true });
    await removePublished(file.id);
    let entries: DiagnosticEntryRow[];
    try {
      entries = await unpack(file, dir, signal);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (signal.aborted) throw error;
      await reject(file, rejectionOf(error, file.id));
      return;
    }
    await publishOrReject(file, dir, entries, signal, false);
  }

  /**
   * Ends a file whose bundle was unpacked while it uploaded: publishes it, rejects it for the
   * reader's reason, or, when the worker failed otherwise, processes the stored bundle as the
   * queue would. Closing the server stops it and leaves the file Processing, queued again at
   * the next start (resumeUnfinished).
   */
  async function adoptStreamed(fileId: string, unpack: StreamingUnpack): Promise<void> {
    const { signal } = closing;
    const discard = () => void unpack.discard();
    signal.addEventListener('abort', discard, { once: true });
    try {
      const file = signal.aborted ? null : await deps.repo.claim(fileId);
      if (!file) {
        await unpack.discard();
        return;
      }
      await markRunning(file);
      const progress = progressReporter(file.jobId, file.fileSize);
      unpack.onRead(progress.onRead);
      let entries: DiagnosticEntryRow[];
      try {
        entries = await unpack.result;
      } catch (error) {
        await unpack.discard();
        if (signal.aborted) return;
        if (isKdpError(error) || isDiskFull(error)) await reject(file, rejectionOf(error, file.id));
        else {
          deps.log.warn(
            { err: error, fileId },
            'the unpack while uploading failed; processing the stored bundle',
          );
          await process(file, signal);
        }
        return;
      } finally {
        await progress.settled();
      }
      await publishOrReject(file, unpack.dir, entries, signal, true);
    } finally {
      signal.removeEventListener('abort', discard);
    }
  }

  const closing = new AbortController();
  const adopted = new Set<Promise<void>>();
  /** The folders of the streaming unpacks running here (their count is the limit's). */
  const streamingDirs = new Set<string>();

  return {
    /** Processes one file (the queue's handler). */
    async run(fileId: string, signal: AbortSignal): Promise<void> {
      // One run per file in this instance (a retry may be fetched while the first still runs).
      if (running.has(fileId)) return;
      running.add(fileId);
      try {
        const file = await deps.repo.claim(fileId);
        if (file) await process(file, signal);
      } finally {
        running.delete(fileId);
      }
    },

    /**
     * Starts unpacking a bundle while it uploads, into a quarantine folder of its own; null
     * when unpacks cannot run on a worker here (the upload is then processed from the store).
     */
    async startStreaming(): Promise<StreamingUnpack | null> {
      if (
        deps.unpackInWorker === false ||
        !canUnpackInWorker() ||
        closing.signal.aborted ||
        streamingDirs.size >= (deps.maxStreaming ?? 2) ||
        !(await roomToUnpack())
      ) {
        return null;
      }
      const dir = path.join(deps.quarantineDir, `${STREAMING_PREFIX}${randomUUID()}`);
      streamingDirs.add(dir);
      const ended = () => {
        streamingDirs.delete(dir);
      };
      try {
        const { keyring } = await deps.keyring();
        await mkdir(deps.quarantineDir, { recursive: true });
        await mkdir(dir);
        const unpack = startStreamingUnpack({ keyring, limits: deps.limits ?? {}, dir });
        unpack.result.then(ended, ended);
        return unpack;
      } catch (error) {
        ended();
        throw error;
      }
    },

    /**
     * Takes over a filed upload's streaming unpack (in the background: the upload's answer does
     * not wait); resolves when the file has ended or was left for the next start.
     */
    adopt(fileId: string, unpack: StreamingUnpack): Promise<void> {
      if (running.has(fileId)) return unpack.discard();
      running.add(fileId);
      const work = adoptStreamed(fileId, unpack)
        .catch((err: unknown) => {
          // Closing removes the quarantine under whatever step was running (a publish fails
          // on the missing folder): not an error, the next start queues the file again.
          if (closing.signal.aborted) {
            deps.log.warn({ fileId }, 'a diagnostic bundle was left for the next start');
          } else deps.log.error({ err, fileId }, 'a diagnostic bundle could not be processed');
        })
        .finally(() => {
          running.delete(fileId);
          adopted.delete(work);
        });
      adopted.add(work);
      return work;
    },

    /**
     * Removes the folders of unpacks that were streaming when the server last stopped (run at
     * start: none of them is anyone's any more), sparing those running here.
     */
    async sweepStreaming(): Promise<number> {
      let names: string[];
      try {
        names = await readdir(deps.quarantineDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const stale = names.filter(
        (n) =>
          n.startsWith(STREAMING_PREFIX) && !streamingDirs.has(path.join(deps.quarantineDir, n)),
      );
      for (const name of stale) {
        await rm(path.join(deps.quarantineDir, name), { recursive: true, force: true });
      }
      return stale.length;
    },

    /** Stops the streaming unpacks taken over (the server closing) and waits for them. */
    async close(): Promise<void> {
      closing.abort(new Error('The server is closing.'));
      await Promise.all(adopted);
    },
  };
}
export type BundleProcessor = ReturnType<typeof createBundleProcessor>;
