import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts/charts';
import { buildChartOption, type ChartSeriesInput } from './chart-option';

const palette = { text: '#000', dimmed: '#555', border: '#ccc', background: '#fff' };
const range = {
  start: Date.parse('2026-11-20T00:00:00Z'),
  end: Date.parse('2026-11-21T00:00:00Z'),
};

const input = (metric: string, unit: string, color = '#65BD81'): ChartSeriesInput => ({
  label: metric,
  name: metric,
  metric,
  unit,
  color,
  points: [
    [range.start, 1],
    [range.start + 3_600_000, 2],
  ],
});

function seriesOf(option: ReturnType<typeof buildChartOption>): LineSeriesOption[] {
  return option.series as LineSeriesOption[];
}

describe('buildChartOption', () => {
  it('draws splines by default and steps for positions and online status', () => {
    const option = buildChartOption(
      [input('MT_SPEED', 'km/h'), input('MT_LATITUDE', 'degrees')],
      'line',
      range,
      palette,
    );
    const [speed, latitude] = seriesOf(option);
    expect(speed).toMatchObject({ smooth: true, connectNulls: false });
    expect(speed?.step).toBeUndefined();
    expect(latitude).toMatchObject({ step: 'end' });
    expect(latitude?.smooth).toBeUndefined();
    expect(speed?.areaStyle).toBeUndefined();
  });

  it('fills the area for area graphs, in the graph colours', () => {
    const option = buildChartOption(
      [input('MT_CN0', 'dBHz', '#65BD81'), input('MT_ONLINESTATUS', '', '#75A7D3')],
      'area',
      range,
      palette,
    );
    const [cn0, online] = seriesOf(option);
    expect(cn0).toMatchObject({ color: '#65BD81', areaStyle: { color: '#65BD81' } });
    expect(online).toMatchObject({ color: '#75A7D3', step: 'end' });
  });

  it('gives each unit its own y axis named after the unit, and shares one axis per unit', () => {
    const two = buildChartOption(
      [input('MT_CN0', 'dBHz'), input('MT_LATENCY', 'ms')],
      'line',
      range,
      palette,
    );
    expect(two.yAxis).toMatchObject([
      { name: 'dBHz', position: 'left' },
      { name: 'ms', position: 'right' },
    ]);
    expect(seriesOf(two).map((s) => s.yAxisIndex)).toEqual([0, 1]);
    const same = buildChartOption(
      [input('MT_RX_RATE', 'kbps'), input('MT_TX_RATE', 'kbps')],
      'line',
      range,
      palette,
    );
    expect(same.yAxis).toHaveLength(1);
    expect(seriesOf(same).map((s) => s.yAxisIndex)).toEqual([0, 0]);
  });

  it('spans the time axis over the range with at most 6 labelled ticks', () => {
    const option = buildChartOption([input('MT_CN0', 'dBHz')], 'line', range, palette);
    const xAxis = option.xAxis as {
      min: number;
      max: number;
      axisLabel: { customValues: number[]; formatter: (v: number) => string };
    };
    expect(xAxis.min).toBe(range.start);
    expect(xAxis.max).toBe(range.end);
    expect(xAxis.axisLabel.customValues.length).toBeLessThanOrEqual(6);
    expect(xAxis.axisLabel.formatter(new Date(2026, 10, 20, 8, 0).getTime())).toBe('11/20 08:00');
  });

  it('shows values with their units in the tooltip, escaping names', () => {
    const option = buildChartOption(
      [{ ...input('MT_RX_BYTES', 'bytes'), name: '<b>Volume</b>' }],
      'line',
      range,
      palette,
    );
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter([
      { seriesIndex: 0, value: [range.start, 1_234_567], marker: '', axisValue: range.start },
    ]);
    expect(html).toContain('1.23 MB');
    expect(html).toContain('&#60;b&#62;Volume');
  });
});
