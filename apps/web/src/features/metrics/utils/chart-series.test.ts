import type { MetricSeries } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { chartPoints, gapTolerance, onlineStatusValue, roundTime } from './chart-series';

const T0 = Date.parse('2026-11-20T00:00:00Z');
const MIN = 60_000;

function series(
  provider: string,
  metric: string,
  samples: [minutes: number, value: number][],
  extra: Partial<MetricSeries> = {},
): MetricSeries {
  return {
    deviceId: '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00',
    provider,
    metric,
    unit: '',
    sampleCount: samples.length,
    downsampled: false,
    values: samples.map(([m, value]) => ({
      timestamp: new Date(T0 + m * MIN).toISOString(),
      value,
    })),
    ...extra,
  };
}

const at = (minutes: number) => T0 + minutes * MIN;

describe('onlineStatusValue', () => {
  it('maps 1 and 6 to online and everything else to offline', () => {
    expect([0, 1, 2, 5, 6, 7, -1].map(onlineStatusValue)).toEqual([0, 1, 0, 0, 1, 0, 0]);
  });
});

describe('roundTime', () => {
  it('rounds to the nearest step', () => {
    expect(roundTime(at(7), 5 * MIN)).toBe(at(5));
    expect(roundTime(at(8), 5 * MIN)).toBe(at(10));
    expect(roundTime(at(89), 60 * MIN)).toBe(at(60));
    expect(roundTime(at(91), 60 * MIN)).toBe(at(120));
  });
});

describe('chartPoints', () => {
  it('maps online status values of any provider', () => {
    const points = chartPoints(
      series('PV_HYBRIDROUTER', 'MT_ONLINESTATUS', [
        [0, 6],
        [15, 3],
        [30, 1],
      ]),
    );
    expect(points).toEqual([
      [at(0), 1],
      [at(15), 0],
      [at(30), 1],
    ]);
  });

  it('rounds hub (PV_INTSATFLEXMOVE) timestamps to 5 minutes and never breaks its line', () => {
    const points = chartPoints(
      series('PV_INTSATFLEXMOVE', 'MT_CN0', [
        [1, 50],
        [6.5, 51],
        [12, 52],
        [300, 53],
      ]),
    );
    expect(points).toEqual([
      [at(0), 50],
      [at(5), 51],
      [at(10), 52],
      [at(300), 53],
    ]);
  });

  it('keeps the latest sample when two fall into one slot', () => {
    const points = chartPoints(
      series('PV_INTSATFLEXMOVE', 'MT_CN0', [
        [1, 50],
        [2, 58],
      ]),
    );
    expect(points).toEqual([[at(0), 58]]);
  });

  it('puts antenna (PV_ANTENNA) samples on the hour and breaks the line over 80 minutes', () => {
    const points = chartPoints(
      series('PV_ANTENNA', 'MT_SPEED', [
        [2, 10],
        [61, 11],
        [140, 12],
        [300, 13],
      ]),
    );
    // 60 -> 120 is 60 min (kept), 120 -> 300 is 180 min (> 80: a null breaks the line).
    expect(points).toEqual([
      [at(0), 10],
      [at(60), 11],
      [at(120), 12],
      [at(180), null],
      [at(300), 13],
    ]);
  });

  it('does not break an antenna line for exactly 80 minutes or a single missed hour', () => {
    const rule = { gridMs: 20 * MIN, toleranceMs: 80 * MIN };
    expect(gapTolerance(rule, { sampleCount: 2, downsampled: false, values: [] })).toBe(80 * MIN);
    const points = chartPoints(
      series('PV_ANTENNA', 'MT_SPEED', [
        [0, 1],
        [60, 2],
        [120, 3],
      ]),
    );
    expect(points.every(([, v]) => v !== null)).toBe(true);
  });

  it('widens the tolerance for a downsampled series', () => {
    const s = series(
      'PV_ANTENNA',
      'MT_SPEED',
      [
        [0, 1],
        [240, 2],
        [480, 3],
      ],
      {
        sampleCount: 9,
        downsampled: true,
      },
    );
    // 9 samples shown as 3: neighbours may be 2 * 3 hours apart without a real gap.
    expect(gapTolerance({ gridMs: 60 * MIN, toleranceMs: 80 * MIN }, s)).toBe(480 * MIN);
    expect(chartPoints(s).some(([, v]) => v === null)).toBe(false);
  });

  it('leaves other providers untouched, sorted by time', () => {
    const points = chartPoints(
      series('PV_HYBRIDROUTER', 'MT_CPU', [
        [17, 2],
        [3, 1],
      ]),
    );
    expect(points).toEqual([
      [at(3), 1],
      [at(17), 2],
    ]);
  });
});
