import {
  DIAGNOSTIC_SERIES_LIMITS as SL,
  type AimTrackingReport,
  type BlockageZone,
} from '@aerie/contract';
import type { LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  LegendComponentOption,
  PolarComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { reportMessages } from '../messages';
import { escapeHtml, type ChartPalette } from './chart-palette';
import { formatUtc } from './utc-time';

export type PolarOption = ComposeOption<
  | ScatterSeriesOption
  | LineSeriesOption
  | PolarComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

const m = reportMessages.tracking;

/**
 * The SINR colour bands (spec 001 §9: colour range -20 to 20 dB), low to high, red to green.
 * ECharts ignores a visualMap's colours for a polar scatter in `large` mode, so each band is a
 * series of its own (ARCHITECTURE §2).
 */
const BAND_COLOURS = [
  '#c92a2a',
  '#e8590c',
  '#f08c00',
  '#d6b400',
  '#82c91e',
  '#37b24d',
  '#0ca678',
  '#1971c2',
];
const BAND_STEP = (SL.sinrMax - SL.sinrMin) / BAND_COLOURS.length;

export interface SinrBand {
  /** Null: open below (the lowest band) or above (the highest). */
  from: number | null;
  to: number | null;
  colour: string;
}

export const SINR_BANDS: readonly SinrBand[] = BAND_COLOURS.map((colour, i) => ({
  from: i === 0 ? null : SL.sinrMin + i * BAND_STEP,
  to: i === BAND_COLOURS.length - 1 ? null : SL.sinrMin + (i + 1) * BAND_STEP,
  colour,
}));

/** The band of a SINR value: values beyond -20 and 20 dB take the end bands. */
export function bandOf(sinr: number): number {
  const i = Math.floor((sinr - SL.sinrMin) / BAND_STEP);
  return Math.min(BAND_COLOURS.length - 1, Math.max(0, i));
}

const NO_SINR_COLOUR = '#868e96';
const MUTE_COLOUR = '#ae3ec9';
const BLOCKAGE_COLOUR = '#e03131';

/** A point of the sky plot: [theta (the radius), phi (the angle), time, record index]. */
type SkyPoint = [number, number, number, number];

/**
 * The outline of a blockage zone as [radius, angle] points: along the low elevation from start to
 * end azimuth (clockwise, through north when the start is the greater), out to the high
 * elevation, back, and closed. The radius is theta = 90 − elevation.
 */
export function zoneOutline(zone: BlockageZone): [number, number][] {
  const sweep = (zone.azimuthEnd - zone.azimuthStart + 360) % 360 || 360;
  const steps = Math.max(2, Math.ceil(sweep / 2));
  const at = (k: number) => (zone.azimuthStart + (sweep * k) / steps) % 360;
  const outer = 90 - zone.elevationStart;
  const inner = 90 - zone.elevationEnd;
  const points: [number, number][] = [];
  for (let k = 0; k <= steps; k += 1) points.push([outer, at(k)]);
  for (let k = steps; k >= 0; k -= 1) points.push([inner, at(k)]);
  points.push([outer, at(0)]);
  return points;
}

/**
 * The AIM Tracking report's polar chart (spec 001 §2): radius 0 to 90 is theta, labelled as
 * the elevation 90 − theta (the zenith in the centre, the horizon outside); the angle is phi,
 * the azimuth clockwise from north. SINR bands, the records without SINR, the muted ones (a
 * ring over their point) and the blockage zones in red.
 */
export function polarOption(
  report: AimTrackingReport,
  palette: ChartPalette,
  markerSize: number,
): PolarOption {
  const { timestamp, values } = report.points;
  const theta = values.theta ?? [];
  const phi = values.phi ?? [];
  const sinr = values.averageSinr ?? [];
  const mute = values.muteFlags ?? [];
  const bands: SkyPoint[][] = SINR_BANDS.map(() => []);
  const noSinr: SkyPoint[] = [];
  const muted: SkyPoint[] = [];
  timestamp.forEach((t, i) => {
    const r = theta[i];
    const a = phi[i];
    if (r === null || r === undefined || a === null || a === undefined) return;
    const point: SkyPoint = [r, ((a % 360) + 360) % 360, t, i];
    const s = sinr[i];
    if (s === null || s === undefined) noSinr.push(point);
    else bands[bandOf(s)]?.push(point);
    const flags = mute[i];
    if (flags !== null && flags !== undefined && flags !== 0) muted.push(point);
  });

  const tooltip = (index: number): string => {
    const el = theta[index];
    const lines = [
      `${escapeHtml(formatUtc(timestamp[index] ?? 0))} UTC`,
      `Azimuth (phi): ${phi[index] ?? '—'}°`,
      `Elevation: ${el === null || el === undefined ? '—' : (90 - el).toFixed(2)}° (theta ${el ?? '—'}°)`,
      `SINR: ${sinr[index] ?? '—'} dB`,
      `Satellite: ${values.satelliteId?.[index] ?? '—'}`,
      `Mute flags: ${mute[index] ?? '—'}`,
    ];
    return lines.join('<br/>');
  };
  const scatter = (name: string, data: SkyPoint[], colour: string): ScatterSeriesOption => ({
    type: 'scatter',
    coordinateSystem: 'polar',
    name,
    data,
    symbolSize: markerSize,
    itemStyle: { color: colour },
    emphasis: { scale: 1.6 },
  });
  const zoneSeries: LineSeriesOption[] = report.blockageZones.map((zone) => ({
    type: 'line',
    coordinateSystem: 'polar',
    name: m.blockage,
    data: zoneOutline(zone),
    showSymbol: false,
    silent: true,
    lineStyle: { color: BLOCKAGE_COLOUR, width: 2 },
    itemStyle: { color: BLOCKAGE_COLOUR },
    z: 1,
  }));
  const bandNames = SINR_BANDS.map((b) => m.sinrBand(b.from, b.to));
  return {
    animation: false,
    backgroundColor: 'transparent',
    legend: {
      bottom: 0,
      textStyle: { color: palette.text },
      data: [...bandNames, m.noSinr, m.muted, ...(zoneSeries.length > 0 ? [m.blockage] : [])],
    },
    polar: { center: ['50%', '44%'], radius: '72%' },
    radiusAxis: {
      type: 'value',
      min: 0,
      max: 90,
      interval: 15,
      // The elevation labels stand on north's line, where the points are: drawn over them, on
      // the page's colour, so they stay readable.
      z: 4,
      // The horizon (the outer ring) goes unlabelled: its label would sit on north's.
      axisLabel: {
        color: palette.dimmed,
        backgroundColor: palette.background,
        padding: [1, 3],
        borderRadius: 2,
        showMaxLabel: false,
        formatter: (v: number) => `${90 - v}°`,
      },
      axisLine: { lineStyle: { color: palette.border } },
      splitLine: { lineStyle: { color: palette.border, type: 'dashed' } },
    },
    angleAxis: {
      type: 'value',
      min: 0,
      max: 360,
      interval: 45,
      startAngle: 90,
      clockwise: true,
      axisLabel: { color: palette.dimmed, formatter: (v: number) => `${v}°` },
      axisLine: { lineStyle: { color: palette.border } },
      splitLine: { lineStyle: { color: palette.border, type: 'dashed' } },
    },
    tooltip: {
      trigger: 'item',
      backgroundColor: palette.background,
      borderColor: palette.border,
      textStyle: { color: palette.text },
      formatter: (params) => {
        const p = Array.isArray(params) ? params[0] : params;
        const point = p?.value as SkyPoint | undefined;
        return point ? tooltip(point[3]) : '';
      },
    },
    series: [
      ...zoneSeries,
      ...SINR_BANDS.map((band, i) => scatter(bandNames[i] ?? '', bands[i] ?? [], band.colour)),
      scatter(m.noSinr, noSinr, NO_SINR_COLOUR),
      {
        ...scatter(m.muted, muted, MUTE_COLOUR),
        // A ring over the record's own SINR point, which stays visible inside it.
        symbolSize: markerSize + 6,
        itemStyle: { color: 'transparent', borderColor: MUTE_COLOUR, borderWidth: 1.5 },
        z: 3,
      },
    ],
  };
}
