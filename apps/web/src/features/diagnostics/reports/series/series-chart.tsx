import { LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
} from 'echarts/components';
import { connect, init, use, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useComputedColorScheme } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { readPalette, type ChartPalette } from './chart-palette';

// NOTE: only what these reports draw is registered (tree-shaken `echarts/core`); this module
// loads with the report chunks, so no other page carries the charting code.
use([
  LineChart,
  ScatterChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** Spec 001 §9: size changes are applied after 50 ms. */
const RESIZE_DEBOUNCE_MS = 50;

export interface SeriesChartProps {
  /** Builds the chart's option with the page's colours. */
  option: (palette: ChartPalette) => EChartsCoreOption;
  height: number;
  /** Accessible name of the chart. */
  label: string;
  /** Charts of one group share their crosshair and zoom (echarts.connect). */
  group?: string;
  testId?: string;
}

/** One ECharts chart on a canvas, resizing with its container, redrawn when its option changes. */
export function SeriesChart({ option, height, label, group, testId }: SeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  // Redrawn with the page's colours when the theme changes.
  const scheme = useComputedColorScheme('light');
  const resize = useDebouncedCallback(() => chart.current?.resize(), RESIZE_DEBOUNCE_MS);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [resize]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || group === undefined) return;
    instance.group = group;
    connect(group);
  }, [group]);

  useEffect(() => {
    const element = container.current;
    // `scheme` is read so the chart redraws with the colours of a newly chosen theme.
    if (!chart.current || !element || !scheme) return;
    // NOTE: the theme provider writes a new scheme on <html> in its own effect, which runs
    // after this one (a parent's effects follow its children's): read then, the colours would be
    // the old theme's. A frame later they are the new one's.
    const frame = requestAnimationFrame(() => {
      chart.current?.setOption(option(readPalette(element)), { notMerge: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [option, scheme]);

  useEffect(() => {
    chart.current?.resize();
  }, [height]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height }}
    />
  );
}
