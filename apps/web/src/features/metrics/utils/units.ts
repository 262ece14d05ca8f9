import { formatBytes } from '../../../lib/format-bytes';
import { metricsMessages } from '../messages';
import { ONLINE_STATUS_METRIC } from './chart-series';

/** Units written without a space before them. */
const TIGHT_UNITS = new Set(['%']);

/** Decimals shown per unit: positions need metres of precision (5 decimals of a degree). */
const UNIT_DECIMALS: Readonly<Record<string, number>> = { degrees: 5 };

/** A number with at most `decimals` decimals and no trailing zeros. */
function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/**
 * A metric value with its unit for tooltips and the axis: bytes as '0.00 b' (spec 001 §9),
 * online status as Online/Offline, other values with up to `decimals` decimals and the unit.
 */
export function formatMetricValue(
  value: number,
  unit: string,
  metric = '',
  decimals = UNIT_DECIMALS[unit] ?? 2,
): string {
  if (metric === ONLINE_STATUS_METRIC) {
    return value >= 1 ? metricsMessages.onlineStates.online : metricsMessages.onlineStates.offline;
  }
  if (unit === 'bytes') return formatBytes(value, 2);
  const text = trimmed(value, decimals);
  if (!unit) return text;
  return TIGHT_UNITS.has(unit) ? `${text}${unit}` : `${text} ${unit}`;
}

/** A series label for the legend and CSV: the metric name and its unit, e.g. 'Speed (km/h)'. */
export function seriesLabel(name: string, unit: string): string {
  return unit ? `${name} (${unit})` : name;
}
