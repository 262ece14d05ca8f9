import type { MetricGraph, MetricRequest, MetricSeries } from '@aerie/contract';
import type { TimeRange } from './time-spans';

/**
 * The metric requests a graph needs: one per provider (a request names one provider), with
 * that provider's metrics and devices, in the order the graph lists them.
 */
export function graphRequests(
  graph: Pick<MetricGraph, 'shortcodes'>,
  range: TimeRange,
): MetricRequest[] {
  const byProvider = new Map<string, { metrics: string[]; deviceIds: string[] }>();
  for (const [provider, metric, deviceId] of graph.shortcodes) {
    const entry = byProvider.get(provider) ?? { metrics: [], deviceIds: [] };
    if (!entry.metrics.includes(metric)) entry.metrics.push(metric);
    if (!entry.deviceIds.includes(deviceId)) entry.deviceIds.push(deviceId);
    byProvider.set(provider, entry);
  }
  const startDate = new Date(range.start).toISOString();
  const endDate = new Date(range.end).toISOString();
  return [...byProvider].map(([provider, { metrics, deviceIds }]) => ({
    provider,
    metrics,
    deviceIds,
    startDate,
    endDate,
  }));
}

/** The series of each of the graph's shortcodes (undefined where an answer lacks it). */
export function seriesOfGraph(
  graph: Pick<MetricGraph, 'shortcodes'>,
  answers: readonly (readonly MetricSeries[])[],
): (MetricSeries | undefined)[] {
  const all = answers.flat();
  return graph.shortcodes.map(([provider, metric, deviceId]) =>
    all.find((s) => s.provider === provider && s.metric === metric && s.deviceId === deviceId),
  );
}
