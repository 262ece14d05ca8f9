/**
 * The series index's metadata, `index.json` (docs/formats/series-index.md): checked with zod
 * when read, so an index of another version, or a damaged one, is built again rather than
 * trusted.
 */
import { aimTrackingFields, aimTrackingFieldSchema, blockageZoneSchema } from '@aerie/contract';
import { z } from 'zod';

export const SERIES_INDEX_FORMAT = 'aerie-series-index';
/** Raised whenever the files' layout or the downsampling's candidates change. */
export const SERIES_INDEX_VERSION = 1;
export const INDEX_META_FILE = 'index.json';
/** A tracking record: its time, then every field of `aimTrackingFields`. */
export const TRACKING_WIDTH = 1 + aimTrackingFields.length;

const count = z.number().int().min(0);

const seriesMetaSchema = z.object({
  file: z.string().regex(/^[a-z0-9/]+$/),
  width: z.number().int().min(2).max(64),
  levels: z.array(z.object({ count, directory: z.array(z.number()) })),
  first: z.number().nullable(),
  last: z.number().nullable(),
});

const trackingIndexMetaSchema = z.object({
  series: seriesMetaSchema,
  fields: z.array(aimTrackingFieldSchema),
  flags: z.object({ sinr: z.boolean(), noSinr: z.boolean(), muted: z.boolean() }),
  blockageZones: z.array(blockageZoneSchema),
  skippedRows: count,
  problems: z.array(z.string()),
});
export type TrackingIndexMeta = z.infer<typeof trackingIndexMetaSchema>;

const metricIndexMetaSchema = z.object({
  name: z.string(),
  unit: z.string(),
  series: seriesMetaSchema,
});
export type MetricIndexMeta = z.infer<typeof metricIndexMetaSchema>;

export const seriesIndexMetaSchema = z.object({
  format: z.literal(SERIES_INDEX_FORMAT),
  version: z.literal(SERIES_INDEX_VERSION),
  tracking: trackingIndexMetaSchema,
  metrics: z.object({
    series: z.array(metricIndexMetaSchema),
    skippedRows: count,
    problems: z.array(z.string()),
  }),
});
export type SeriesIndexMeta = z.infer<typeof seriesIndexMetaSchema>;
