import { csvField } from '../../../lib/csv';
import type { ChartPoint } from './chart-series';

export interface CsvSeries {
  /** Column header, e.g. 'Speed (km/h)'. */
  label: string;
  points: readonly ChartPoint[];
}

/** One field quoted also when it holds the chosen separator. */
function field(value: string | number, delimiter: string): string {
  const text = csvField(value);
  if (delimiter === ',' || text.startsWith('"') || !text.includes(delimiter)) return text;
  return `"${text}"`;
}

/**
 * The graph's data as CSV: a Timestamp column (ISO, UTC) and one column per series, one row
 * per time any series has a value (the points as drawn: line breaks are left out).
 */
export function metricsCsv(series: readonly CsvSeries[], delimiter = ','): string {
  const rows = new Map<number, (number | undefined)[]>();
  series.forEach((s, column) => {
    for (const [time, value] of s.points) {
      if (value === null) continue;
      const row = rows.get(time) ?? new Array<number | undefined>(series.length).fill(undefined);
      row[column] = value;
      rows.set(time, row);
    }
  });
  const header = ['Timestamp', ...series.map((s) => s.label)];
  const lines = [header.map((h) => field(h, delimiter)).join(delimiter)];
  for (const time of [...rows.keys()].sort((a, b) => a - b)) {
    const cells = rows.get(time)!.map((v) => (v === undefined ? '' : field(v, delimiter)));
    lines.push([new Date(time).toISOString(), ...cells].join(delimiter));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
