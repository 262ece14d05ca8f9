import type { GraphTimeSpanId, MetricGraph } from '@aerie/contract';
import { metricsMessages } from '../messages';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Length of each relative span (spec 001 §4 "Graph time spans"). */
export const TIME_SPAN_MS: Record<Exclude<GraphTimeSpanId, 'custom'>, number> = {
  halfday: 12 * HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

export const TIME_SPAN_IDS: readonly GraphTimeSpanId[] = [
  'halfday',
  'day',
  'week',
  'month',
  'custom',
];

/** The span as saved in a graph: `{ id, name }`. */
export function timeSpanOf(id: GraphTimeSpanId): MetricGraph['timeSpan'] {
  return { id, name: metricsMessages.timeSpans[id] };
}

export interface TimeRange {
  start: number;
  end: number;
}

/**
 * The range a graph shows at `now`: the last 12 h, 24 h, 7 d or 30 d, or the custom dates.
 * Relative ranges end at the current minute so that repeated renders ask for the same range.
 */
export function graphRange(
  graph: Pick<MetricGraph, 'timeSpan' | 'startDate' | 'endDate'>,
  now: number,
): TimeRange {
  if (graph.timeSpan.id === 'custom' && graph.startDate && graph.endDate) {
    return { start: Date.parse(graph.startDate), end: Date.parse(graph.endDate) };
  }
  const id = graph.timeSpan.id === 'custom' ? 'day' : graph.timeSpan.id;
  const end = Math.floor(now / 60_000) * 60_000;
  return { start: end - TIME_SPAN_MS[id], end };
}
