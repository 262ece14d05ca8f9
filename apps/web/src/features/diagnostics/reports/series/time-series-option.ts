import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { SeriesTimeRange } from '@aerie/contract';
import { escapeHtml, type ChartPalette } from './chart-palette';
import { formatUtc } from './utc-time';

export type TimeSeriesOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption
>;

/** Spec 001 §9: large graphs 400 px high with size-6 markers, small 100 px with size-2. */
export const GRAPH_SIZES = {
  large: { height: 400, markerSize: 6 },
  small: { height: 100, markerSize: 2 },
} as const;
export type GraphSize = keyof typeof GRAPH_SIZES;

/**
 * The graphs' colours, in turn: darker shades of the device metric graphs' #65BD81 and #75A7D3
 * (spec 001 §9), whose lines and markers meet the non-text contrast on a white card.
 */
export const SERIES_COLOURS = ['#4c9a68', '#3f7fb8'] as const;

export interface TimeSeriesInput {
  name: string;
  unit: string;
  timestamp: readonly number[];
  values: readonly (number | null)[];
  color: string;
  markerSize: number;
  /** Small graphs drop their axis names and keep a thin grid. */
  compact: boolean;
  /** The x axis spans the answered range, so graphs of one report line up. */
  range: SeriesTimeRange | null;
}

/**
 * One field or metric over time: a line with markers, the time axis in UTC, a crosshair and
 * zoom inside the plot (shared with the other graphs of the report through their group).
 */
export function timeSeriesOption(input: TimeSeriesInput, palette: ChartPalette): TimeSeriesOption {
  const data = input.timestamp.map((t, i) => [t, input.values[i] ?? null]);
  const label = input.unit ? `${input.name} (${input.unit})` : input.name;
  return {
    useUTC: true,
    animation: false,
    backgroundColor: 'transparent',
    grid: input.compact
      ? { left: 56, right: 16, top: 8, bottom: 20 }
      : { left: 64, right: 24, top: 28, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross', label: { backgroundColor: palette.dimmed } },
      backgroundColor: palette.background,
      borderColor: palette.border,
      textStyle: { color: palette.text },
      formatter: (params) => {
        const first = (Array.isArray(params) ? params : [params])[0];
        const [t, v] = (first?.value ?? []) as [number, number | null];
        const value = v === null || v === undefined ? '—' : String(v);
        return `${escapeHtml(formatUtc(t))} UTC<br/>${escapeHtml(label)}: <b>${escapeHtml(value)}</b>`;
      },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    xAxis: {
      type: 'time',
      ...(input.range
        ? { min: Date.parse(input.range.start), max: Date.parse(input.range.end) }
        : {}),
      axisLine: { lineStyle: { color: palette.border } },
      axisLabel: { color: palette.dimmed, hideOverlap: true, show: !input.compact },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      scale: true,
      // A small graph (100 px) has room for three labels.
      ...(input.compact ? { splitNumber: 2 } : {}),
      name: input.compact ? '' : label,
      nameTextStyle: { color: palette.dimmed, align: 'left' },
      axisLine: { show: true, lineStyle: { color: palette.border } },
      axisLabel: { color: palette.dimmed, hideOverlap: true },
      splitLine: { lineStyle: { color: palette.border, type: 'dashed' } },
    },
    series: [
      {
        type: 'line',
        name: label,
        data,
        showSymbol: true,
        symbolSize: input.markerSize,
        connectNulls: false,
        lineStyle: { width: 1, color: input.color },
        itemStyle: { color: input.color },
      },
    ],
  };
}
