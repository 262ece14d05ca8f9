import type { GraphType } from '@aerie/contract';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import dayjs from 'dayjs';
import { type ChartPoint, ONLINE_STATUS_METRIC, STEP_METRICS } from './chart-series';
import { formatAxisTime, timeAxisTicks } from './time-axis';
import type { TimeRange } from './time-spans';
import { formatMetricValue } from './units';

export type MetricChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** One plotted series, ready for the chart. */
export interface ChartSeriesInput {
  /** Legend label: the metric name and its unit. */
  label: string;
  /** The metric's name (tooltips add the unit to the value). */
  name: string;
  metric: string;
  unit: string;
  color: string;
  points: ChartPoint[];
}

/** Colours of the page the chart sits on (read from the Mantine theme variables). */
export interface ChartPalette {
  text: string;
  dimmed: string;
  border: string;
  background: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One y axis per distinct unit (at most two: left and right). */
function axisIndexes(series: readonly ChartSeriesInput[]): number[] {
  const keys: string[] = [];
  return series.map((s) => {
    const key = s.metric === ONLINE_STATUS_METRIC ? ONLINE_STATUS_METRIC : s.unit;
    const found = keys.indexOf(key);
    if (found >= 0) return found;
    keys.push(key);
    return keys.length - 1;
  });
}

function yAxis(s: ChartSeriesInput, index: number, palette: ChartPalette) {
  const online = s.metric === ONLINE_STATUS_METRIC;
  return {
    type: 'value' as const,
    position: index === 0 ? ('left' as const) : ('right' as const),
    name: online ? '' : s.unit,
    nameTextStyle: { color: palette.dimmed },
    scale: !online,
    ...(online ? { min: 0, max: 1, interval: 1 } : {}),
    axisLine: { show: true, lineStyle: { color: palette.border } },
    axisLabel: {
      color: palette.dimmed,
      hideOverlap: true,
      // Bytes as '0.00 b' and online status as words; ECharts picks the precision otherwise.
      ...(online || s.unit === 'bytes'
        ? { formatter: (value: number) => formatMetricValue(value, s.unit, s.metric) }
        : {}),
    },
    splitLine: { show: index === 0, lineStyle: { color: palette.border, type: 'dashed' as const } },
  };
}

function lineSeries(
  s: ChartSeriesInput,
  yAxisIndex: number,
  graphType: GraphType,
): LineSeriesOption {
  const step = STEP_METRICS.has(s.metric);
  return {
    type: 'line',
    name: s.label,
    yAxisIndex,
    data: s.points,
    // NOTE: spec 001 §9: steps for positions and online status, a spline otherwise.
    ...(step ? { step: 'end' as const } : { smooth: true }),
    showSymbol: false,
    symbolSize: 4,
    connectNulls: false,
    color: s.color,
    lineStyle: { width: 2, color: s.color },
    ...(graphType === 'area' ? { areaStyle: { opacity: 0.25, color: s.color } } : {}),
    emphasis: { focus: 'series' },
  };
}

interface TooltipParam {
  seriesIndex?: number;
  value?: unknown;
  marker?: unknown;
  axisValue?: unknown;
}

/**
 * The ECharts option of a metric graph (spec 001 §9): a time axis over the graph's range with at
 * most 6 ticks labelled MM/dd HH:mm, a y axis per unit, spline or area lines (steps for
 * positions and online status), and a tooltip with units.
 */
export function buildChartOption(
  series: readonly ChartSeriesInput[],
  graphType: GraphType,
  range: TimeRange,
  palette: ChartPalette,
): MetricChartOption {
  const indexes = axisIndexes(series);
  const axes = series.filter((_, i) => indexes.indexOf(indexes[i]!) === i);
  const ticks = timeAxisTicks(range.start, range.end);
  return {
    animation: false,
    grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: {
      top: 0,
      left: 'center',
      textStyle: { color: palette.text },
      data: series.map((s) => s.label),
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: palette.background,
      borderColor: palette.border,
      textStyle: { color: palette.text },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as TooltipParam[];
        const time = Number(list[0]?.axisValue);
        const lines = list.flatMap((p) => {
          const s = series[p.seriesIndex ?? -1];
          const value = Array.isArray(p.value) ? (p.value[1] as unknown) : null;
          if (!s || typeof value !== 'number') return [];
          const marker = typeof p.marker === 'string' ? p.marker : '';
          return [
            `${marker}${escapeHtml(s.name)}: <b>${escapeHtml(formatMetricValue(value, s.unit, s.metric))}</b>`,
          ];
        });
        const header = Number.isFinite(time) ? dayjs(time).format('YYYY-MM-DD HH:mm') : '';
        return [header, ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: range.start,
      max: range.end,
      axisLine: { lineStyle: { color: palette.border } },
      axisTick: { customValues: ticks, lineStyle: { color: palette.border } },
      axisLabel: {
        customValues: ticks,
        color: palette.dimmed,
        hideOverlap: true,
        formatter: (value: number) => formatAxisTime(value),
      },
      splitLine: { show: false },
    },
    yAxis: axes.map((s, i) => yAxis(s, i, palette)),
    series: series.map((s, i) => lineSeries(s, indexes[i]!, graphType)),
  };
}
