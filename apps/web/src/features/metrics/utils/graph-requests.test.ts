import type { MetricGraph, MetricSeries } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { graphRequests, seriesOfGraph } from './graph-requests';
import { graphRange } from './time-spans';

const DEVICE = '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00';
const range = {
  start: Date.parse('2026-11-20T00:00:00Z'),
  end: Date.parse('2026-11-21T00:00:00Z'),
};

describe('graphRequests', () => {
  it('asks once for two metrics of one provider', () => {
    const graph = {
      shortcodes: [
        ['PV_INTSATFLEXMOVE', 'MT_CN0', DEVICE],
        ['PV_INTSATFLEXMOVE', 'MT_LATENCY', DEVICE],
      ] as MetricGraph['shortcodes'],
    };
    expect(graphRequests(graph, range)).toEqual([
      {
        provider: 'PV_INTSATFLEXMOVE',
        metrics: ['MT_CN0', 'MT_LATENCY'],
        deviceIds: [DEVICE],
        startDate: '2026-11-20T00:00:00.000Z',
        endDate: '2026-11-21T00:00:00.000Z',
      },
    ]);
  });

  it('asks each provider separately', () => {
    const graph = {
      shortcodes: [
        ['PV_ANTENNA', 'MT_SPEED', DEVICE],
        ['PV_INTSATFLEXMOVE', 'MT_CN0', DEVICE],
      ] as MetricGraph['shortcodes'],
    };
    expect(graphRequests(graph, range).map((r) => [r.provider, r.metrics])).toEqual([
      ['PV_ANTENNA', ['MT_SPEED']],
      ['PV_INTSATFLEXMOVE', ['MT_CN0']],
    ]);
  });
});

describe('seriesOfGraph', () => {
  it('finds each shortcode among the answers', () => {
    const s = (provider: string, metric: string): MetricSeries => ({
      deviceId: DEVICE,
      provider,
      metric,
      unit: '',
      sampleCount: 0,
      downsampled: false,
      values: [],
    });
    const graph = {
      shortcodes: [
        ['PV_ANTENNA', 'MT_SPEED', DEVICE],
        ['PV_INTSATFLEXMOVE', 'MT_CN0', DEVICE],
      ] as MetricGraph['shortcodes'],
    };
    const found = seriesOfGraph(graph, [
      [s('PV_INTSATFLEXMOVE', 'MT_CN0')],
      [s('PV_ANTENNA', 'MT_SPEED')],
    ]);
    expect(found.map((x) => x?.metric)).toEqual(['MT_SPEED', 'MT_CN0']);
    expect(seriesOfGraph(graph, [])).toEqual([undefined, undefined]);
  });
});

describe('graphRange', () => {
  const now = Date.parse('2026-11-22T12:34:56Z');
  const end = Date.parse('2026-11-22T12:34:00Z');
  it.each([
    ['halfday', 12],
    ['day', 24],
    ['week', 7 * 24],
    ['month', 30 * 24],
  ] as const)('%s ends at the current minute and covers %i hours', (id, hours) => {
    const r = graphRange({ timeSpan: { id, name: id }, startDate: null, endDate: null }, now);
    expect(r).toEqual({ start: end - hours * 3_600_000, end });
  });

  it('uses the custom dates', () => {
    const r = graphRange(
      {
        timeSpan: { id: 'custom', name: 'Custom' },
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-11-02T00:00:00.000Z',
      },
      now,
    );
    expect(r).toEqual({
      start: Date.parse('2026-11-01T00:00:00Z'),
      end: Date.parse('2026-11-02T00:00:00Z'),
    });
  });
});
