import type { DeviceUsage } from '@aerie/contract';
import { toCsv } from '../../../lib/csv';
import { usageMessages } from '../usage-messages';

export interface UsageMonth {
  year: number;
  /** 1-12. */
  month: number;
}

export interface UsageRow {
  /** yyyy-MM-dd. */
  date: string;
  cellular: number;
  satellite: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function daysInMonth({ year, month }: UsageMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month as 'yyyy-MM'. */
export function monthKey({ year, month }: UsageMonth): string {
  return `${year}-${pad(month)}`;
}

/** The month of a date picker value ('YYYY-MM-DD') or of a Date (local). */
export function usageMonthOf(value: string | Date): UsageMonth {
  if (typeof value === 'string') {
    const [year, month] = value.split('-').map(Number);
    return { year: year!, month: month! };
  }
  return { year: value.getFullYear(), month: value.getMonth() + 1 };
}

/**
 * One row per day of the calendar month with its cellular and satellite bytes (0 where the
 * server has no value); in the current month only the days up to today.
 */
export function usageRows(
  usage: DeviceUsage,
  month: UsageMonth,
  today: UsageMonth & { day: number },
): UsageRow[] {
  const isCurrent = today.year === month.year && today.month === month.month;
  const last = isCurrent ? Math.min(today.day, daysInMonth(month)) : daysInMonth(month);
  const cellular = new Map(usage.cellularDailyUsage.map((d) => [d.day, d.usageValue]));
  const satellite = new Map(usage.satelliteDailyUsage.map((d) => [d.day, d.usageValue]));
  return Array.from({ length: last }, (_, i) => ({
    date: `${monthKey(month)}-${pad(i + 1)}`,
    cellular: cellular.get(i + 1) ?? 0,
    satellite: satellite.get(i + 1) ?? 0,
  }));
}

/** Whether the month has any usage at all. */
export function hasUsage(usage: DeviceUsage): boolean {
  return (
    usage.cellularMonthlyUsage > 0 ||
    usage.satelliteMonthlyUsage > 0 ||
    usage.cellularDailyUsage.some((d) => d.usageValue > 0) ||
    usage.satelliteDailyUsage.some((d) => d.usageValue > 0)
  );
}

/** The CSV export (spec 001 §9): columns Date, CellularUsage, SatelliteUsage; bytes per day. */
export function usageCsv(rows: readonly UsageRow[]): string {
  return toCsv(
    usageMessages.csvHeader,
    rows.map((r) => [r.date, r.cellular, r.satellite]),
  );
}

/**
 * The export's file name, usage-{serial}-{date} (spec 001 §9), where the date is the month
 * shown ('yyyy-MM'); a device without a serial uses its name. Characters a file system would
 * refuse are replaced.
 */
export function usageFileName(serialOrName: string, month: UsageMonth): string {
  const safe = serialOrName.trim().replace(/[^A-Za-z0-9._-]+/g, '_') || 'device';
  return `usage-${safe}-${monthKey(month)}.csv`;
}
