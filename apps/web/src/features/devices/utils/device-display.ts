import { formatTimeAgo } from '../../../lib/dates';
import { formatBytes } from '../../../lib/format-bytes';
import { deviceMessages } from '../messages';

/** Data limit meaning "no limit" (spec 001 §9). */
export const UNLIMITED_DATA_LIMIT_GB = 9999;

/** Spec 001 §5: 9999 shows 'Unlimited', absent shows 'N/A', otherwise '{n}GB'. */
export function formatDataLimit(dataLimitInGb: number | null | undefined): string {
  if (dataLimitInGb === null || dataLimitInGb === undefined) return deviceMessages.notAvailable;
  if (dataLimitInGb === UNLIMITED_DATA_LIMIT_GB) return deviceMessages.unlimited;
  return `${dataLimitInGb}GB`;
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd` in UTC (spec 001 §9 dates); null for a missing or invalid date. */
export function formatUtcDate(value: string | null | undefined): string | null {
  const d = parse(value);
  if (!d) return null;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * `yyyy-MM-dd HH:mm:ss` in UTC: spec 001 §9 "for device subscription and software dates";
 * null for a missing or invalid date.
 */
export function formatUtcDateTime(value: string | null | undefined): string | null {
  const d = parse(value);
  if (!d) return null;
  return `${formatUtcDate(value)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A byte count in the spec's '0.0 b' format (decimal units, one decimal):
 * 0 -> '0.0 B', 1536 -> '1.5 KB', 2_500_000_000 -> '2.5 GB'; nothing known shows '0.0 B'.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '0.0 B';
  return formatBytes(bytes);
}

/** Spec 001 §2: a location time that is empty or the epoch 1970-01-01 shows 'Never'. */
export function isNeverUpdated(value: string | null | undefined): boolean {
  const d = parse(value);
  return !d || d.getTime() <= 0 || formatUtcDate(value) === '1970-01-01';
}

/** 'Location Updated' as a relative time ("5 minutes ago"), or 'Never'. */
export function formatLocationUpdated(value: string | null | undefined, now = new Date()): string {
  if (isNeverUpdated(value)) return deviceMessages.overview.never;
  const d = parse(value)!;
  // A clock slightly ahead of ours still reads as "just now", not "in a few seconds".
  return formatTimeAgo(d > now ? now : d, now);
}

export type OnlineState = 'online' | 'offline' | 'unknown';

/** The spec's three states of a network: true online, false offline, missing unknown. */
export function onlineState(online: boolean | null | undefined): OnlineState {
  if (online === true) return 'online';
  if (online === false) return 'offline';
  return 'unknown';
}

/** Background colours of the network status cards (spec 001 §2): green, red, grey. */
export const onlineStateColor: Record<OnlineState, 'green' | 'red' | 'gray'> = {
  online: 'green',
  offline: 'red',
  unknown: 'gray',
};
