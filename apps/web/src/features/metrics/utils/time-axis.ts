import dayjs from 'dayjs';

/** At most this many labelled ticks on a graph's time axis (spec 001 §9). */
export const MAX_TIME_TICKS = 6;
/** Label format of the time axis (spec 001 §9: 'MM/dd HH:mm'), in dayjs tokens. */
export const TIME_AXIS_FORMAT = 'MM/DD HH:mm';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const NICE_STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  7 * DAY,
  14 * DAY,
];

/** Offset of local time from UTC at a moment, in ms (positive east of Greenwich). */
function localOffset(ms: number): number {
  return -new Date(ms).getTimezoneOffset() * MINUTE;
}

function ticksWithStep(start: number, end: number, step: number): number[] {
  const offset = localOffset(start);
  const first = Math.ceil((start + offset) / step) * step - offset;
  const ticks: number[] = [];
  for (let t = first; t <= end; t += step) ticks.push(t);
  return ticks;
}

/**
 * Tick times for a time axis from `start` to `end`: the smallest round step (minutes, hours,
 * days, aligned to local time) that gives at most `maxTicks` ticks.
 */
export function timeAxisTicks(start: number, end: number, maxTicks = MAX_TIME_TICKS): number[] {
  if (!(end > start) || maxTicks < 1) return [];
  for (const step of NICE_STEPS) {
    const ticks = ticksWithStep(start, end, step);
    if (ticks.length <= maxTicks) return ticks;
  }
  const days = Math.ceil((end - start) / maxTicks / DAY);
  return ticksWithStep(start, end, days * DAY).slice(0, maxTicks);
}

/** A time axis label: 'MM/dd HH:mm' in local time. */
export function formatAxisTime(ms: number): string {
  return dayjs(ms).format(TIME_AXIS_FORMAT);
}
