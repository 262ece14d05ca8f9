import { z } from 'zod';

/** At most this many graphs per user (all devices together): the setting stays small. */
export const METRIC_GRAPHS_MAX = 50;
export const METRIC_GRAPH_NAME_MAX = 100;

/** Default series colours (spec 001 §9). */
export const METRIC_GRAPH_COLORS = ['#65BD81', '#75A7D3'] as const;

/** Graph time spans (spec 001 §4): halfday 12 h, day 24 h, week 7 d, month 30 d, custom. */
export const graphTimeSpanIdSchema = z.enum(['halfday', 'day', 'week', 'month', 'custom']);
export type GraphTimeSpanId = z.infer<typeof graphTimeSpanIdSchema>;

export const graphTypeSchema = z.enum(['line', 'area']);
export type GraphType = z.infer<typeof graphTypeSchema>;

/** Separators a graph's CSV export may use. */
export const graphDelimiterSchema = z.enum([',', ';', '\t']);

const metricShortcode = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'A shortcode is upper-case letters, digits and underscores.');

/** One plotted series: [provider, metric, deviceId]. */
export const graphShortcodeSchema = z.tuple([metricShortcode, metricShortcode, z.uuid()]);
export type GraphShortcode = z.infer<typeof graphShortcodeSchema>;

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour is #RRGGBB.');
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A saved metric graph (spec 001 §3 "Metric graph", kept in the user setting `userGraphs`).
 * Relative spans are computed from "now" when the graph is drawn; only a custom span keeps
 * its own `startDate` and `endDate`.
 */
export const metricGraphSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'A graph id is letters, digits and dashes.'),
    name: z.string().trim().min(1).max(METRIC_GRAPH_NAME_MAX),
    shortcodes: z
      .array(graphShortcodeSchema)
      .min(1, 'A graph shows at least one metric.')
      .max(2, 'A graph shows at most two metrics.'),
    timeSpan: z.strictObject({ id: graphTimeSpanIdSchema, name: z.string().min(1).max(50) }),
    startDate: isoDateTime.nullable(),
    endDate: isoDateTime.nullable(),
    autoRefresh: z.boolean(),
    dataColor1: hexColor,
    dataColor2: hexColor,
    graphType: graphTypeSchema,
    delimiter: graphDelimiterSchema,
  })
  .refine((g) => g.timeSpan.id !== 'custom' || (g.startDate !== null && g.endDate !== null), {
    message: 'A custom time span needs a start and an end date.',
    path: ['startDate'],
  })
  .refine(
    (g) =>
      g.startDate === null || g.endDate === null || Date.parse(g.endDate) > Date.parse(g.startDate),
    { message: 'The end date must be after the start date.', path: ['endDate'] },
  );
export type MetricGraph = z.infer<typeof metricGraphSchema>;

/** The user setting `userGraphs`: every saved graph of the user, ids unique. */
export const userGraphsSchema = z
  .array(metricGraphSchema)
  .max(METRIC_GRAPHS_MAX, `At most ${METRIC_GRAPHS_MAX} graphs can be saved.`)
  .refine((graphs) => new Set(graphs.map((g) => g.id)).size === graphs.length, {
    message: 'Graph ids must be unique.',
  });
