import type { GraphType } from '@aerie/contract';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { buildChartOption, type ChartPalette, type ChartSeriesInput } from '../utils/chart-option';
import type { TimeRange } from '../utils/time-spans';
import { METRIC_CHART_HEIGHT } from './metric-chart-size';

// NOTE: only what a metric graph draws is registered (tree-shaken `echarts/core`).
use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface MetricChartProps {
  series: ChartSeriesInput[];
  graphType: GraphType;
  range: TimeRange;
  /** Accessible name of the chart. */
  label: string;
}

function paletteOf(element: HTMLElement): ChartPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--mantine-color-text', '#212529'),
    dimmed: read('--mantine-color-dimmed', '#495057'),
    border: read('--mantine-color-default-border', '#dee2e6'),
    background: read('--mantine-color-body', '#ffffff'),
  };
}

/**
 * One metric graph drawn with ECharts on a canvas. Loaded lazily (React.lazy) so the charting
 * code never delays the page; resizes with its container.
 */
export function MetricChart({ series, graphType, range, label }: MetricChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!chart.current || !element) return;
    chart.current.setOption(buildChartOption(series, graphType, range, paletteOf(element)), {
      notMerge: true,
    });
  }, [series, graphType, range]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid="metric-chart"
      style={{ width: '100%', height: METRIC_CHART_HEIGHT }}
    />
  );
}
