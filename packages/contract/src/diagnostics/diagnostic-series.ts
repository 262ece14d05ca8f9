import { z } from 'zod';
import { diagnosticReportQuerySchema } from './diagnostics.js';

/**
 * The time-series reports of the analyze screen (spec 001 §2 "AIM Tracking report", "Metrics
 * report", §3 "Aim tracking record", §7, §9; decision 041): the bundle's tracking log and
 * metrics, downsampled on the server for a time range from an index built when the bundle was
 * unpacked (docs/formats/series-index.md).
 */

export const DIAGNOSTIC_SERIES_LIMITS = {
  /** Spec 001 §9: downsampling target about 1000 points (tracking) … */
  trackingTargetPoints: 1000,
  /** … and 2000 for metrics (per metric). */
  metricsTargetPoints: 2000,
  /** Spec 001 §9: SINR colour range -20 to 20 (dB). */
  sinrMin: -20,
  sinrMax: 20,
  /** Distinct metrics a bundle's metrics log is read for; the others are left out (a problem). */
  maxMetrics: 64,
  /** A metric's name and unit, as read (longer ones are not read). */
  maxMetricNameLength: 100,
  maxMetricUnitLength: 20,
} as const;

/** The numeric fields of an AIM tracking record (spec 001 §3), after its timestamp. */
export const aimTrackingFields = [
  'theta',
  'phi',
  'averageSinr',
  'satelliteId',
  'trackId',
  'rcmTxActual',
  'rcmRxActual',
  'muteFlags',
  'gbiasOk',
  'gbiasZ',
  'gpsFix',
  'gpsYaw',
  'highTheta',
  'pitch',
  'roll',
  'trueNorth',
  'ysStatus',
  'ysYaw',
] as const;
export type AimTrackingField = (typeof aimTrackingFields)[number];
export const aimTrackingFieldSchema = z.enum(aimTrackingFields);

/** Spec 001 §2: the graphs the AIM Tracking report shows at first. */
export const AIM_TRACKING_DEFAULT_GRAPHS: readonly AimTrackingField[] = [
  'averageSinr',
  'theta',
  'phi',
  'satelliteId',
];

export const DIAGNOSTIC_SERIES_MESSAGES = {
  fromDate: 'fromDate must be an ISO date and time.',
  toDate: 'toDate must be an ISO date and time.',
  outOfOrder: 'toDate must not be before fromDate.',
} as const;

/**
 * `GET /v1/diagnostics/reports/aimtracking` and `…/aimmetrics`: the report query (spec 001 §7)
 * and, optionally, the time range to answer (the whole log when absent; either end alone keeps
 * the log's other end).
 */
export const diagnosticSeriesQuerySchema = diagnosticReportQuerySchema
  .extend({
    fromDate: z.iso
      .datetime({ offset: true, message: DIAGNOSTIC_SERIES_MESSAGES.fromDate })
      .optional(),
    toDate: z.iso.datetime({ offset: true, message: DIAGNOSTIC_SERIES_MESSAGES.toDate }).optional(),
  })
  .refine(
    (q) =>
      q.fromDate === undefined ||
      q.toDate === undefined ||
      Date.parse(q.toDate) >= Date.parse(q.fromDate),
    { message: DIAGNOSTIC_SERIES_MESSAGES.outOfOrder, path: ['toDate'] },
  );
export type DiagnosticSeriesQuery = z.infer<typeof diagnosticSeriesQuerySchema>;

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);

/** A span of time, both ends included (ISO 8601 UTC). */
export const seriesTimeRangeSchema = z.object({ start: isoDateTime, end: isoDateTime });
export type SeriesTimeRange = z.infer<typeof seriesTimeRangeSchema>;

/** How an answer's points were chosen from the log's samples in the range. */
export const seriesDownsamplingSchema = z.object({
  /** True when the range held more samples than the target and the points were chosen. */
  downsampled: z.boolean(),
  /** Samples of the log in the range. */
  sourcePoints: count,
  /** Points in the answer (all the samples when not downsampled). */
  points: count,
  /** The most points an answer has (spec 001 §9). */
  targetPoints: count,
});
export type SeriesDownsampling = z.infer<typeof seriesDownsamplingSchema>;

/** "Blockage zone" of spec 001 §3 (docs/formats/kdp.md "Blockage zones"), degrees. */
export const blockageZoneSchema = z.object({
  azimuthStart: z.number(),
  azimuthEnd: z.number(),
  elevationStart: z.number(),
  elevationEnd: z.number(),
});
export type BlockageZone = z.infer<typeof blockageZoneSchema>;

/** Values of one field, one per point; null where the record had none (an empty cell). */
const fieldValues = z.array(z.number().nullable());

/** `GET /v1/diagnostics/reports/aimtracking`. */
export const aimTrackingReportSchema = z.object({
  /** The first and last record of the whole log; null when it has none. */
  timeRange: seriesTimeRangeSchema.nullable(),
  /** The range answered: the one asked for (the whole log when none was). */
  range: seriesTimeRangeSchema.nullable(),
  /** The fields with a value in at least one record of the log, in record order. */
  fields: z.array(aimTrackingFieldSchema),
  /** Which of the polar chart's series the log has records of (the whole log). */
  series: z.object({
    /** Records with an averageSinr. */
    sinr: z.boolean(),
    /** Records without one. */
    noSinr: z.boolean(),
    /** Records with a mute flag set. */
    muted: z.boolean(),
  }),
  /** The points, column by column: times in ms since 1970 (UTC), then every field's values. */
  points: z.object({
    timestamp: z.array(z.number()),
    values: z.record(aimTrackingFieldSchema, fieldValues),
  }),
  blockageZones: z.array(blockageZoneSchema),
  downsampling: seriesDownsamplingSchema,
  /** Rows of the log that were not read (no valid timestamp, or older than the row before). */
  skippedRows: count,
  /** What could not be read, for support to know (a file without a header, a bad zone). */
  problems: z.array(z.string()),
});
export type AimTrackingReport = z.infer<typeof aimTrackingReportSchema>;

/** One metric of the metrics log, downsampled. */
export const aimMetricSeriesSchema = z.object({
  name: z.string(),
  /** The unit of its first sample ('' when none). */
  unit: z.string(),
  /** Times in ms since 1970 (UTC) and values, one per point. */
  timestamp: z.array(z.number()),
  value: z.array(z.number()),
  downsampling: seriesDownsamplingSchema,
});
export type AimMetricSeries = z.infer<typeof aimMetricSeriesSchema>;

/** `GET /v1/diagnostics/reports/aimmetrics`: every metric, sorted by name. */
export const aimMetricsReportSchema = z.object({
  timeRange: seriesTimeRangeSchema.nullable(),
  range: seriesTimeRangeSchema.nullable(),
  metrics: z.array(aimMetricSeriesSchema),
  skippedRows: count,
  problems: z.array(z.string()),
});
export type AimMetricsReport = z.infer<typeof aimMetricsReportSchema>;
