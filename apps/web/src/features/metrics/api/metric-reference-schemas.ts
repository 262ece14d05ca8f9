import { z } from 'zod';

// NOTE: the reference calls (`GET /v2/info/metricProviders`, `GET /v2/info/metrics`) and their
// contract schemas arrive with the reference-data branch (feat/reference:
// packages/contract/src/reference/reference.ts, same names and shapes). Until it is merged they
// are mirrored here from spec 001 §3; once merged, import them from '@aerie/contract' instead
// and delete this file.

/** A metric provider (spec 001 §3): shortcode and name. */
export const metricProviderSchema = z.object({ shortcode: z.string(), name: z.string() });
export type MetricProvider = z.infer<typeof metricProviderSchema>;
export const metricProviderListSchema = z.array(metricProviderSchema);

export const metricTypeSchema = z.object({
  shortcode: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
});
export type MetricType = z.infer<typeof metricTypeSchema>;

/** The metric types of one provider (spec 001 §3 "Metric types per provider"). */
export const providerMetricsSchema = z.object({
  providerShortcode: z.string(),
  types: z.array(metricTypeSchema),
});
export type ProviderMetrics = z.infer<typeof providerMetricsSchema>;
export const providerMetricsListSchema = z.array(providerMetricsSchema);
