/**
 * The AIM Tracking and Metrics reports of a bundle's series index for a time range (decision
 * 041): the records of the level that fits, downsampled with each series' shape.
 */
import {
  DIAGNOSTIC_SERIES_LIMITS as SL,
  aimTrackingFields,
  type AimMetricsReport,
  type AimTrackingField,
  type AimTrackingReport,
  type SeriesDownsampling,
  type SeriesTimeRange,
} from '@aerie/contract';
import { downsample, metricShape, trackingShape, type SeriesShape } from './downsample.js';
import { TRACKING_WIDTH, type SeriesIndexMeta } from './series-index.meta.js';
import { readSeriesRange, type RangeReader, type SeriesMeta } from './series-file.js';

const SINR = 1 + aimTrackingFields.indexOf('averageSinr');
const MUTE = 1 + aimTrackingFields.indexOf('muteFlags');
const TRACKING_SHAPE = trackingShape(TRACKING_WIDTH, SINR, MUTE);

/** The range a report asks for (either end may be left to the log's). */
export interface SeriesRangeQuery {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

function timeRange(first: number | null, last: number | null): SeriesTimeRange | null {
  return first === null || last === null ? null : { start: iso(first), end: iso(last) };
}

/** The range to answer: the asked ends, the log's where none was asked. */
function askedRange(
  log: { first: number | null; last: number | null },
  q: SeriesRangeQuery,
): { start: number; end: number } | null {
  const start = q.fromDate === undefined ? log.first : Date.parse(q.fromDate);
  const end = q.toDate === undefined ? log.last : Date.parse(q.toDate);
  return start === null || end === null ? null : { start, end };
}

const nothing = (targetPoints: number): SeriesDownsampling => ({
  downsampled: false,
  sourcePoints: 0,
  points: 0,
  targetPoints,
});

/** A range of a series, downsampled to `target` points with the shape's choice. */
async function answer(
  read: RangeReader,
  series: SeriesMeta,
  shape: SeriesShape,
  range: { start: number; end: number },
  target: number,
): Promise<{ records: Float64Array; kept: number[]; downsampling: SeriesDownsampling }> {
  const slice = await readSeriesRange(read, series, range.start, range.end, {
    target,
    buckets: Math.floor(target / shape.perBucket),
  });
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

/** `GET /v1/diagnostics/reports/aimtracking` of an index. */
export async function trackingReport(
  read: RangeReader,
  t: SeriesIndexMeta['tracking'],
  q: SeriesRangeQuery,
): Promise<AimTrackingReport> {
  const range = askedRange(t.series, q);
  const values = Object.fromEntries(aimTrackingFields.map((f) => [f, [] as (number | null)[]]));
  const timestamp: number[] = [];
  let downsampling = nothing(SL.trackingTargetPoints);
  if (range) {
    const found = await answer(read, t.series, TRACKING_SHAPE, range, SL.trackingTargetPoints);
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
}

/** `GET /v1/diagnostics/reports/aimmetrics` of an index. */
export async function metricsReport(
  read: RangeReader,
  m: SeriesIndexMeta['metrics'],
  q: SeriesRangeQuery,
): Promise<AimMetricsReport> {
  const firsts = m.series.map((s) => s.series.first).filter((v): v is number => v !== null);
  const lasts = m.series.map((s) => s.series.last).filter((v): v is number => v !== null);
  const whole = {
    first: firsts.length > 0 ? Math.min(...firsts) : null,
    last: lasts.length > 0 ? Math.max(...lasts) : null,
  };
  const range = askedRange(whole, q);
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
      downsampling: found?.downsampling ?? nothing(SL.metricsTargetPoints),
    });
  }
  return {
    timeRange: timeRange(whole.first, whole.last),
    range: range ? { start: iso(range.start), end: iso(range.end) } : null,
    metrics,
    skippedRows: m.skippedRows,
    problems: m.problems,
  };
}
