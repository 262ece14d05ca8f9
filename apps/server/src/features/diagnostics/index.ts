import type { DiagnosticUploadResponse } from '@aerie/contract';
import type { ParsedKeyring } from '@aerie/kdp';
import type { FeatureContext, ServerFeature } from '../feature.js';
import { createBundleProcessor } from './bundle-processor.js';
import { createBundleQueue } from './bundle-queue.js';
import { asBundleIndexer, createContentIndexes } from './content-indexes.js';
import { diskSpace } from './disk-space.js';
import { loadBundleKeyring, loadUrlSigningKey, memo } from './diagnostics-keys.js';
import {
  createDiagnosticsUploadService,
  STAGING_PREFIX,
  type IncomingBundle,
} from './diagnostics-upload.service.js';
import { createDiagnosticsRepository } from './diagnostics.repository.js';
import { diagnosticsRoutes } from './diagnostics.routes.js';
import { createDiagnosticsService } from './diagnostics.service.js';
import { logLineIndexer } from './logs/log-indexer.js';
import { createLogSearchService } from './logs/log-search.service.js';
import { createLogStore } from './logs/log-store.js';
import { createMatchCache } from './logs/match-cache.js';
import { createScanPool } from './logs/scan-pool.js';
import { buildBistReport, buildOverview, buildPostReport } from './reports/index.js';
import { createSeriesIndex } from './series/series-index.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createDiagnosticsRepository } from './diagnostics.repository.js';
export { PROCESS_BUNDLE_JOB } from './bundle-processor.js';
export { BUNDLE_QUEUE } from './bundle-queue.js';
export type { IncomingBundle } from './diagnostics-upload.service.js';

/** What the rest of the server may ask of diagnostics (the demo's seeding packs and stores bundles). */
export interface DiagnosticsPort {
  /** The keyring bundles are read with; its current key writes new ones. */
  keyring(): Promise<ParsedKeyring>;
  /** Stores a bundle as an upload by nobody in particular would, and queues its processing. */
  storeBundle(bundle: IncomingBundle): Promise<DiagnosticUploadResponse['data']>;
  /**
   * Recovers from a crash or a restart (run at start): removes what uploads that never ended
   * left (their staged bytes older than an hour, their unpack folders), and queues again every
   * file whose processing has not ended: a file whose queued runs were all lost (retries used
   * up by restarts mid-bundle), or whose unpack while it uploaded was cut short, is processed,
   * not left Processing. A file queued twice is processed once: the processor claims it, and a
   * run of a file that ended does nothing. Answers how many files it queued.
   */
  resumeUnfinished(): Promise<number>;
}

/**
 * Diagnostic bundles (issue 18, decision 039): uploads streamed into the blob store, a pg-boss
 * worker that authenticates and unpacks each into quarantine and publishes it whole, downloads
 * (also by signed URL) and the reports. The worker runs while the app does.
 */
export function createDiagnosticsFeature({
  pool,
  config,
  log,
  services: { authorize, deviceInScope, jobs, blobs, documents },
}: FeatureContext<
  'authorize' | 'deviceInScope' | 'jobs' | 'blobs' | 'documents'
>): ServerFeature & {
  diagnostics: DiagnosticsPort;
} {
  const keyring = memo(() => loadBundleKeyring(pool, config.diagnostics.keyring));
  const urlKey = memo(() => loadUrlSigningKey(pool));
  const repo = createDiagnosticsRepository(pool);
  const space = diskSpace(config.dataDir, config.diagnostics.minFreeBytes);
  const series = createSeriesIndex({ blobs, workDir: config.diagnostics.quarantineDir, log });
  // Indexes of a bundle's contents, built before it is published (decision 042).
  const indexes = createContentIndexes({
    indexers: [logLineIndexer],
    blobs,
    quarantineDir: config.diagnostics.quarantineDir,
    log,
  });
  const processor = createBundleProcessor({
    repo,
    jobs,
    blobs,
    keyring,
    quarantineDir: config.diagnostics.quarantineDir,
    space,
    indexers: [series.indexer, asBundleIndexer(indexes)],
    log,
  });
  const queue = createBundleQueue({ pool, handle: (id, signal) => processor.run(id, signal), log });
  const { maxFileBytes } = config.diagnostics;
  const uploads = createDiagnosticsUploadService({
    repo,
    blobs,
    authorize,
    jobs,
    queue,
    processor,
    maxFileBytes,
    space,
    log,
  });
  const service = createDiagnosticsService({
    repo,
    blobs,
    authorize,
    deviceInScope,
    reports: { buildOverview, buildBistReport, buildPostReport },
    series,
    urlKey,
    publicUrl: config.publicUrl,
    documents,
  });
  const logStore = createLogStore({ blobs, repo, log });
  const matchCache = createMatchCache({ dir: config.diagnostics.searchCacheDir });
  const scanPool = createScanPool();
  const logSearch = createLogSearchService({
    store: logStore,
    matches: matchCache,
    scans: scanPool,
    readyFile: (principal, endpoint, q) => service.readyFile(principal, endpoint, q),
    log,
  });
  async function resumeUnfinished(): Promise<number> {
    // An upload takes minutes at most: staged bytes an hour old belong to no running upload
    // (of this instance or another sharing the store).
    const staged = await blobs.removeStale(STAGING_PREFIX, new Date(Date.now() - 3_600_000));
    const unpacks = (await processor.sweepStreaming()) + (await series.sweep());
    if (staged + unpacks > 0) {
      log.info({ staged, unpacks }, 'removed what uploads and indexes that never ended left');
    }
    await queue.start();
    const ids = await repo.unfinishedIds();
    for (const id of ids) await queue.sendInTransaction(id, pool);
    if (ids.length > 0) {
      queue.wake();
      log.info({ files: ids.length }, 'diagnostic bundles queued again after a restart');
    }
    return ids.length;
  }
  return {
    name: 'diagnostics',
    routes: diagnosticsRoutes(service, uploads, logSearch, { maxFileBytes }),
    diagnostics: {
      keyring,
      storeBundle: (bundle) => uploads.storeBundle(bundle),
      resumeUnfinished,
    },
    start: async () => {
      await resumeUnfinished();
    },
    stop: async () => {
      await processor.close();
      await queue.stop();
      await scanPool.close();
      await logStore.close();
      await matchCache.close();
    },
  };
}
