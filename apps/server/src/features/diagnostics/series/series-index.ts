import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DIAGNOSTIC_SERIES_LIMITS as SL,
  aimTrackingFields,
  type AimMetricsReport,
  type AimTrackingField,
  type AimTrackingReport,
  type SeriesDownsampling,
  type SeriesTimeRange,
} from '@aerie/contract';
import {
  BlobExistsError,
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobStore,
} from '../../../adapters/blob-store.js';
import type { BundleIndexer } from '../bundle-indexers.js';
import { contentPrefix } from '../storage-path.js';
import { downsample, metricShape, trackingShape, type SeriesShape } from './downsample.js';
import { buildSeriesIndex, type IndexSource } from './series-index.build.js';
import {
  INDEX_META_FILE,
  TRACKING_WIDTH,
  seriesIndexMetaSchema,
  type SeriesIndexMeta,
} from './series-index.meta.js';
import { readSeriesRange, type RangeReader, type SeriesMeta } from './series-file.js';

/** The blob prefix of a bundle's series index (beside its contents). */
export const seriesIndexPrefix = (fileId: string): string => `diagnostics-series/${fileId}`;

/** The local folders indexes are built in, under the quarantine folder. */
export const SERIES_WORK_PREFIX = 'series-';

/**
 * Records read at most to answer a range: a range with more samples is answered from the
 * smallest level above that has at most this many (decision 041).
 */
const MAX_SCAN_RECORDS = 16_384;

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

const iso = (ms: number) => new Date(ms).toISOString();

function timeRange(first: number | null, last: number | null): SeriesTimeRange | null {
  return first === null || last === null ? null : { start: iso(first), end: iso(last) };
}

/** The range to answer: the asked ends, the log's where none was asked. */
function askedRange(
  series: Pick<SeriesMeta, 'first' | 'last'>,
  q: { fromDate?: string | undefined; toDate?: string | undefined },
): { start: number; end: number } | null {
  const start = q.fromDate === undefined ? series.first : Date.parse(q.fromDate);
  const end = q.toDate === undefined ? series.last : Date.parse(q.toDate);
  return start === null || end === null ? null : { start, end };
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
 * Answers a range of a series: the records of the level that fits, downsampled to `target`
 * points with the shape's choice, as a list of records and how they were chosen.
 */
async function answer(
  read: RangeReader,
  series: SeriesMeta,
  shape: SeriesShape,
  range: { start: number; end: number },
  target: number,
): Promise<{ records: Float64Array; kept: number[]; downsampling: SeriesDownsampling }> {
  const slice = await readSeriesRange(read, series, range.start, range.end, MAX_SCAN_RECORDS);
  const kept = downsample(slice.records, slice.count, shape, range.start, range.end, target);
  return {
    records: slice.records,
    kept,
    downsampling: {
      downsampled: kept.length < slice.sourceCount,
      sourcePoints: slice.sourceCount,
      points: kept.length,
      targetPoints: target,
    },
  };
}

const SINR = 1 + aimTrackingFields.indexOf('averageSinr');
const MUTE = 1 + aimTrackingFields.indexOf('muteFlags');
const TRACKING_SHAPE = trackingShape(TRACKING_WIDTH, SINR, MUTE);

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

  /** The index of a Ready bundle: cached, published, or built now (once, however many ask). */
  async function indexOf(fileId: string): Promise<SeriesIndexMeta> {
    const cached = cache.get(fileId);
    if (cached) return remember(fileId, cached);
    let pending = building.get(fileId);
    if (!pending) {
      pending = (async () => {
        const meta = await stored(fileId);
        if (meta) return meta;
        deps.log.info({ fileId }, 'building the series index of a published diagnostic bundle');
        return build(fileId, publishedSource(blobs, fileId), new AbortController().signal);
      })().finally(() => building.delete(fileId));
      building.set(fileId, pending);
    }
    return remember(fileId, await pending);
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
    async tracking(
      fileId: string,
      q: { fromDate?: string | undefined; toDate?: string | undefined },
    ): Promise<AimTrackingReport> {
      const t = (await indexOf(fileId)).tracking;
      const range = askedRange(t.series, q);
      const values = Object.fromEntries(aimTrackingFields.map((f) => [f, [] as (number | null)[]]));
      const timestamp: number[] = [];
      let downsampling: SeriesDownsampling = {
        downsampled: false,
        sourcePoints: 0,
        points: 0,
        targetPoints: SL.trackingTargetPoints,
      };
      if (range) {
        const found = await answer(
          reader(fileId),
          t.series,
          TRACKING_SHAPE,
          range,
          SL.trackingTargetPoints,
        );
        downsampling = found.downsampling;
        for (const i of found.kept) {
          const at = i * TRACKING_WIDTH;
          timestamp.push(found.records[at] as number);
          aimTrackingFields.forEach((f, k) => {
            const v = found.records[at + 1 + k] as number;
            values[f]?.push(Number.isNaN(v) ? null : v);
          });
        }
      }
      return {
        timeRange: timeRange(t.series.first, t.series.last),
        range: range ? { start: iso(range.start), end: iso(range.end) } : null,
        fields: t.fields,
        series: t.flags,
        points: { timestamp, values: values as Record<AimTrackingField, (number | null)[]> },
        blockageZones: t.blockageZones,
        downsampling,
        skippedRows: t.skippedRows,
        problems: t.problems,
      };
    },

    /** The Metrics report of a Ready bundle for a range (the whole log by default). */
    async metrics(
      fileId: string,
      q: { fromDate?: string | undefined; toDate?: string | undefined },
    ): Promise<AimMetricsReport> {
      const m = (await indexOf(fileId)).metrics;
      const firsts = m.series.map((s) => s.series.first).filter((v): v is number => v !== null);
      const lasts = m.series.map((s) => s.series.last).filter((v): v is number => v !== null);
      const whole = {
        first: firsts.length > 0 ? Math.min(...firsts) : null,
        last: lasts.length > 0 ? Math.max(...lasts) : null,
      };
      const range = askedRange(whole, q);
      const read = reader(fileId);
      const metrics: AimMetricsReport['metrics'] = [];
      for (const s of m.series) {
        const found = range
          ? await answer(read, s.series, metricShape, range, SL.metricsTargetPoints)
          : null;
        metrics.push({
          name: s.name,
          unit: s.unit,
          timestamp: found ? found.kept.map((i) => found.records[i * 2] as number) : [],
          value: found ? found.kept.map((i) => found.records[i * 2 + 1] as number) : [],
          downsampling: found?.downsampling ?? {
            downsampled: false,
            sourcePoints: 0,
            points: 0,
            targetPoints: SL.metricsTargetPoints,
          },
        });
      }
      return {
        timeRange: timeRange(whole.first, whole.last),
        range: range ? { start: iso(range.start), end: iso(range.end) } : null,
        metrics,
        skippedRows: m.skippedRows,
        problems: m.problems,
      };
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
