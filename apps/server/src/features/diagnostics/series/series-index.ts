import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AimMetricsReport, AimTrackingReport } from '@aerie/contract';
import {
  BlobExistsError,
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobStore,
} from '../../../adapters/blob-store.js';
import type { BundleIndexer } from '../bundle-indexers.js';
import { contentPrefix } from '../storage-path.js';
import { buildSeriesIndex, type IndexSource } from './series-index.build.js';
import {
  INDEX_META_FILE,
  seriesIndexMetaSchema,
  type SeriesIndexMeta,
} from './series-index.meta.js';
import type { RangeReader } from './series-file.js';
import { metricsReport, trackingReport, type SeriesRangeQuery } from './series-reports.js';

/** The blob prefix of a bundle's series index (beside its contents). */
const seriesIndexPrefix = (fileId: string): string => `diagnostics-series/${fileId}`;

/** The local folders indexes are built in, under the quarantine folder. */
const SERIES_WORK_PREFIX = 'series-';

/** Indexes' metadata kept in memory (they never change once built). */
const CACHED_INDEXES = 32;

export interface SeriesIndexDeps {
  blobs: BlobStore;
  /** A local folder to build indexes in before they are published (the quarantine folder). */
  workDir: string;
  log: { info(obj: object, msg: string): void };
}

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A bundle's files, read from a local folder (the quarantine while it is processed). */
function folderSource(dir: string): IndexSource {
  return {
    async open(entryPath) {
      const stream = createReadStream(path.join(dir, ...entryPath.split('/')), {
        highWaterMark: 256 * 1024,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
      return stream;
    },
  };
}

/** A published bundle's files, read from the blob store (an index built when first asked). */
function publishedSource(blobs: BlobStore, fileId: string): IndexSource {
  return {
    async open(entryPath) {
      try {
        return await blobs.read(`${contentPrefix(fileId)}/${entryPath}`);
      } catch (error) {
        if (error instanceof BlobNotFoundError || error instanceof InvalidBlobKeyError) return null;
        throw error;
      }
    },
  };
}

/**
 * The series index of diagnostic bundles (decision 041): built by the processor before a bundle
 * is published (`indexer`), or, for a bundle published before indexes existed (or of an older
 * index version), when a report first asks for it; read by ranges to answer the AIM Tracking and
 * Metrics reports.
 */
export function createSeriesIndex(deps: SeriesIndexDeps) {
  const { blobs } = deps;
  const cache = new Map<string, SeriesIndexMeta>();
  const building = new Map<string, Promise<SeriesIndexMeta>>();
  /** The work folders of the builds running here (a sweep spares them). */
  const working = new Set<string>();

  function remember(fileId: string, meta: SeriesIndexMeta): SeriesIndexMeta {
    cache.delete(fileId);
    cache.set(fileId, meta);
    if (cache.size > CACHED_INDEXES) cache.delete(cache.keys().next().value as string);
    return meta;
  }

  /** Builds the index from `source` in a folder of its own and publishes it. */
  async function build(
    fileId: string,
    source: IndexSource,
    signal: AbortSignal,
  ): Promise<SeriesIndexMeta> {
    const folder = path.join(deps.workDir, `${SERIES_WORK_PREFIX}${randomUUID()}`);
    working.add(folder);
    await mkdir(folder, { recursive: true });
    try {
      const meta = await buildSeriesIndex(source, folder, signal);
      // A retried processing, or an index of an older version: replaced whole.
      await blobs.removePrefix(seriesIndexPrefix(fileId));
      try {
        await blobs.publishDirectory(folder, seriesIndexPrefix(fileId));
      } catch (error) {
        // Another instance published the same index meanwhile: theirs is as good.
        if (!(error instanceof BlobExistsError)) throw error;
      }
      return meta;
    } finally {
      await rm(folder, { recursive: true, force: true });
      working.delete(folder);
    }
  }

  /** The published index's metadata, or null when there is none of this version. */
  async function stored(fileId: string): Promise<SeriesIndexMeta | null> {
    let bytes: Buffer;
    try {
      bytes = await collect(await blobs.read(`${seriesIndexPrefix(fileId)}/${INDEX_META_FILE}`));
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
    try {
      const parsed = seriesIndexMetaSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * The index of a Ready bundle: cached, published, or built now (once, however many ask);
   * `rebuild` builds it anew whatever is published.
   */
  async function indexOf(fileId: string, rebuild = false): Promise<SeriesIndexMeta> {
    const cached = rebuild ? undefined : cache.get(fileId);
    if (cached) return remember(fileId, cached);
    let pending = building.get(fileId);
    if (!pending) {
      pending = (async () => {
        const meta = rebuild ? null : await stored(fileId);
        if (meta) return meta;
        deps.log.info({ fileId }, 'building the series index of a published diagnostic bundle');
        return build(fileId, publishedSource(blobs, fileId), new AbortController().signal);
      })().finally(() => building.delete(fileId));
      building.set(fileId, pending);
    }
    return remember(fileId, await pending);
  }

  /**
   * Answers from the file's index; when its files are gone from under its metadata (removed by
   * hand, a disk restored without them), the index is built anew once and asked again.
   */
  async function withIndex<T>(
    fileId: string,
    work: (meta: SeriesIndexMeta) => Promise<T>,
  ): Promise<T> {
    try {
      return await work(await indexOf(fileId));
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      cache.delete(fileId);
      deps.log.info({ fileId }, 'the series index of a diagnostic bundle was missing files');
      return work(await indexOf(fileId, true));
    }
  }

  const reader =
    (fileId: string): RangeReader =>
    async (file, offset, length) =>
      collect(await blobs.read(`${seriesIndexPrefix(fileId)}/${file}`, { offset, length }));

  const indexer: BundleIndexer = {
    name: 'series',
    async build({ fileId, dir, signal }) {
      remember(fileId, await build(fileId, folderSource(dir), signal));
    },
    async discard(fileId) {
      cache.delete(fileId);
      await blobs.removePrefix(seriesIndexPrefix(fileId));
    },
  };

  return {
    indexer,

    /** The AIM Tracking report of a Ready bundle for a range (the whole log by default). */
    async tracking(fileId: string, q: SeriesRangeQuery): Promise<AimTrackingReport> {
      return withIndex(fileId, (meta) => trackingReport(reader(fileId), meta.tracking, q));
    },

    /** The Metrics report of a Ready bundle for a range (the whole log by default). */
    async metrics(fileId: string, q: SeriesRangeQuery): Promise<AimMetricsReport> {
      return withIndex(fileId, (meta) => metricsReport(reader(fileId), meta.metrics, q));
    },

    /** Removes the folders of builds a crash cut short (run at start), sparing those running. */
    async sweep(): Promise<number> {
      let names: string[];
      try {
        names = await readdir(deps.workDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const stale = names.filter(
        (n) => n.startsWith(SERIES_WORK_PREFIX) && !working.has(path.join(deps.workDir, n)),
      );
      for (const name of stale)
        await rm(path.join(deps.workDir, name), { recursive: true, force: true });
      return stale.length;
    },
  };
}
export type SeriesIndex = ReturnType<typeof createSeriesIndex>;
