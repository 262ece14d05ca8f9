import {
  api,
  METRIC_POINTS_TARGET,
  type MetricRequest,
  type MetricResponse,
  type MetricSeries,
} from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError } from '../../plugins/errors.js';
import { lttbIndexes } from './downsample.js';
import type { MetricsRepository } from './metrics.repository.js';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createMetricsService(repo: MetricsRepository, authorize: Authorize) {
  async function series(
    deviceId: string,
    provider: string,
    metric: string,
    unit: string,
    from: number,
    to: number,
    maxPoints: number,
  ): Promise<MetricSeries> {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const row of await repo.seriesDays(deviceId, provider, metric, isoDay(from), isoDay(to))) {
      const midnight = Date.parse(`${row.day}T00:00:00Z`);
      for (let i = 0; i < row.seconds.length; i++) {
        const t = midnight + row.seconds[i]! * 1000;
        if (t < from || t > to) continue;
        xs.push(t);
        ys.push(row.values[i]!);
      }
    }
    const kept = lttbIndexes(xs, ys, maxPoints);
    return {
      deviceId,
      provider,
      metric,
      unit,
      sampleCount: xs.length,
      downsampled: kept.length < xs.length,
      values: kept.map((i) => ({ timestamp: new Date(xs[i]!).toISOString(), value: ys[i]! })),
    };
  }

  return {
    /**
     * `POST /v2/devices/metrics`: one series per device and metric, each downsampled
     * to about 2,000 points with LTTB so peaks and steps survive. Any device
     * outside the caller's accounts answers 404, like a missing one.
     */
    async query(principal: Principal, request: MetricRequest): Promise<MetricResponse> {
      const grant = await authorize(principal, api.metrics.query.access);
      const deviceIds = [...new Set(request.deviceIds)];
      const visible = await repo.visibleDeviceIds(grant.scope, deviceIds);
      grant.found(deviceIds.every((id) => visible.has(id)) ? deviceIds : null, 'Device not found.');
      const units = await repo.metricUnits(request.provider);
      if (units.size === 0) {
        throw new BadRequestError(`Unknown metric provider ${request.provider}.`);
      }
      const unknown = request.metrics.filter((m) => !units.has(m));
      if (unknown.length > 0) {
        throw new BadRequestError(
          `Unknown metric ${unknown.join(', ')} for provider ${request.provider}.`,
        );
      }
      const from = Date.parse(request.startDate);
      const to = Date.parse(request.endDate);
      if (to - from < 60_000) throw new BadRequestError('The range must cover at least a minute.');
      const maxPoints = request.maxPoints ?? METRIC_POINTS_TARGET;
      const metrics: MetricSeries[] = [];
      // One series at a time: memory stays bounded by the longest single series.
      for (const deviceId of deviceIds) {
        for (const metric of request.metrics) {
          metrics.push(
            await series(
              deviceId,
              request.provider,
              metric,
              units.get(metric)!,
              from,
              to,
              maxPoints,
            ),
          );
        }
      }
      return { metrics };
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
