import { logMessages as m } from './log-messages';

/** A time in UTC as `yyyy-MM-dd HH:mm:ss.SSS` (the logs' own clock). */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
}

/** A log entry's time, or 'Invalid Date' when it has none or it is not a time (spec 001 §5). */
export function formatLineDate(iso: string | null): string {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? m.invalidDate : formatUtc(ms);
}
