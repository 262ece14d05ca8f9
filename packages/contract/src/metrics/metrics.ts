import { z } from 'zod';

/** About this many points per series at most: the server downsamples (spec 001 §9). */
export const METRIC_POINTS_TARGET = 2000;
/** The longest range one metric request may cover, in days. */
export const METRIC_RANGE_MAX_DAYS = 400;
export const METRIC_REQUEST_MAX_DEVICES = 10;
export const METRIC_REQUEST_MAX_METRICS = 10;

const shortcode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'A shortcode is upper-case letters, digits and underscores.');

/**
 * `POST /v2/devices/metrics` (spec 001 §3 "Metric request"): metric samples of one
 * provider for some devices in a time range.
 */
export const metricRequestSchema = z
  .object({
    metrics: z
      .array(shortcode)
      .min(1, 'Choose at least one metric.')
      .max(METRIC_REQUEST_MAX_METRICS, `At most ${METRIC_REQUEST_MAX_METRICS} metrics at once.`),
    startDate: z.iso.datetime({ offset: true, message: 'startDate must be an ISO date and time.' }),
    endDate: z.iso.datetime({ offset: true, message: 'endDate must be an ISO date and time.' }),
    provider: shortcode,
    deviceIds: z
      .array(z.uuid('A device id is not valid.'))
      .min(1, 'Choose at least one device.')
      .max(METRIC_REQUEST_MAX_DEVICES, `At most ${METRIC_REQUEST_MAX_DEVICES} devices at once.`),
    /** Points per series after downsampling; defaults to METRIC_POINTS_TARGET. */
    maxPoints: z.number().int().min(10).max(10_000).optional(),
  })
  .refine((r) => Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'endDate must be after startDate.',
    path: ['endDate'],
  })
  .refine(
    (r) => Date.parse(r.endDate) - Date.parse(r.startDate) <= METRIC_RANGE_MAX_DAYS * 86_400_000,
    {
      message: `A metric request covers at most ${METRIC_RANGE_MAX_DAYS} days.`,
      path: ['endDate'],
    },
  );
export type MetricRequest = z.infer<typeof metricRequestSchema>;

export const metricValueSchema = z.object({
  /** ISO date and time of the sample (UTC). */
  timestamp: z.iso.datetime({ offset: true }),
  value: z.number(),
});
export type MetricValue = z.infer<typeof metricValueSchema>;

export const metricSeriesSchema = z.object({
  deviceId: z.uuid(),
  provider: z.string(),
  metric: z.string(),
  unit: z.string(),
  /** Samples stored in the range before downsampling. */
  sampleCount: z.number().int().min(0),
  /** Whether `values` is a downsampled view of the samples. */
  downsampled: z.boolean(),
  values: z.array(metricValueSchema),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

/** One series per requested device and metric, in request order ("metrics[0].values[]"). */
export const metricResponseSchema = z.object({
  metrics: z.array(metricSeriesSchema),
});
export type MetricResponse = z.infer<typeof metricResponseSchema>;
