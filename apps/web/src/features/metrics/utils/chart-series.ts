import type { MetricSeries } from '@aerie/contract';

/** A chart point: time in ms and the value, or null where the line breaks. */
export type ChartPoint = [time: number, value: number | null];

const MINUTE_MS = 60_000;

/** Metrics drawn as steps: they hold their value until the next sample (spec 001 §9). */
export const STEP_METRICS: ReadonlySet<string> = new Set([
  'MT_LATITUDE',
  'MT_LONGITUDE',
  'MT_ONLINESTATUS',
]);

/** Metric types never offered for graphs (spec 001 §5). */
export const HIDDEN_METRICS: ReadonlySet<string> = new Set(['MT_BEAM']);

export const ONLINE_STATUS_METRIC = 'MT_ONLINESTATUS';

/** Online-status values 1 or 6 mean online (1); anything else is offline (0) (spec 001 §4). */
export function onlineStatusValue(value: number): 0 | 1 {
  return value === 1 || value === 6 ? 1 : 0;
}

export interface GapRule {
  /** Timestamps are rounded to this grid. */
  gridMs: number;
  /** Consecutive samples further apart than this break the line; none: never broken. */
  toleranceMs?: number;
}

/**
 * Gap handling per provider (spec 001 §9): the antenna reports hourly, so its samples sit on a
 * 60-minute grid and a gap over 80 minutes is a real outage; the hub's samples are rounded to
 * 5 minutes so that two hub metrics share their timestamps.
 */
export const PROVIDER_GAP_RULES: Readonly<Record<string, GapRule>> = {
  PV_ANTENNA: { gridMs: 60 * MINUTE_MS, toleranceMs: 80 * MINUTE_MS },
  PV_INTSATFLEXMOVE: { gridMs: 5 * MINUTE_MS },
};

/** Rounds a time to the nearest multiple of `stepMs` (since the epoch, i.e. UTC). */
export function roundTime(ms: number, stepMs: number): number {
  return Math.round(ms / stepMs) * stepMs;
}

/**
 * The tolerance for a series: when the server downsampled it, neighbouring points may be up to
 * two buckets of samples apart, so the tolerance grows by that factor; a line then breaks only
 * where samples are really missing.
 */
export function gapTolerance(
  rule: GapRule,
  series: Pick<MetricSeries, 'sampleCount' | 'downsampled' | 'values'>,
): number | undefined {
  if (rule.toleranceMs === undefined) return undefined;
  if (!series.downsampled || series.values.length < 2) return rule.toleranceMs;
  return rule.toleranceMs * 2 * Math.ceil(series.sampleCount / series.values.length);
}

/**
 * The points of one series as drawn: online status mapped to 0/1, timestamps on the provider's
 * grid (one point per grid slot, the latest wins) and a null point wherever a gap exceeds the
 * provider's tolerance, which breaks the line there.
 */
export function chartPoints(
  series: Pick<MetricSeries, 'provider' | 'metric' | 'values' | 'sampleCount' | 'downsampled'>,
): ChartPoint[] {
  const online = series.metric === ONLINE_STATUS_METRIC;
  const rule = PROVIDER_GAP_RULES[series.provider];
  const points: ChartPoint[] = series.values
    .map((v): ChartPoint => [
      Date.parse(v.timestamp),
      online ? onlineStatusValue(v.value) : v.value,
    ])
    .sort((a, b) => a[0] - b[0]);
  if (!rule) return points;

  const tolerance = gapTolerance(rule, series);
  const result: ChartPoint[] = [];
  for (const [time, value] of points) {
    const slot = roundTime(time, rule.gridMs);
    const previous = result.at(-1);
    if (previous && previous[0] === slot) {
      previous[1] = value;
      continue;
    }
    if (previous && tolerance !== undefined && slot - previous[0] > tolerance) {
      result.push([previous[0] + rule.gridMs, null]);
    }
    result.push([slot, value]);
  }
  return result;
}
