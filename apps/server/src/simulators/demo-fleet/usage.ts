import type { DemoDevice } from './generate-devices.js';
import { Random } from './random.js';

const GB = 1_000_000_000; // billing GB is 1000^3 bytes (spec 002 §9)
const DAY_MS = 86_400_000;

export interface DailyUsage {
  /** UTC midnight of the day. */
  day: Date;
  satelliteBytes: number;
  cellularBytes: number;
}

/** Typical monthly consumption of a device, from its package and how it is used. */
function monthlyBudgetBytes(device: DemoDevice, rnd: Random): number {
  const limit = device.subscription?.dataLimitInGb ?? 20;
  const gb = limit === 9999 ? rnd.float(80, 400) : limit * rnd.float(0.35, 1.1);
  const kindFactor =
    device.site.kind === 'maritime' ? 1.15 : device.site.kind === 'fixed' ? 1.0 : 0.8;
  return gb * kindFactor * GB;
}

/**
 * The share of its plan a terminal of the "start of the month" kind uses on the first day of
 * each month (a scheduled bulk transfer: a chart or software update, a backup), or 0 for the
 * rest. About 4% of terminals with a data limit: on any day of a month some subscriptions are
 * already over the 80% alert level, as in a real fleet, whatever day the demo starts.
 */
function firstDayShare(seed: number, device: DemoDevice): number {
  const limit = device.subscription?.dataLimitInGb;
  if (limit === undefined || limit === null || limit === 9999) return 0;
  // A fork of its own: the other draws of the device stay as they were.
  const rnd = new Random(seed).fork(device.index).fork(FIRST_DAY_PROFILE);
  return rnd.chance(0.04) ? rnd.float(0.82, 0.95) : 0;
}
const FIRST_DAY_PROFILE = 0x5f1d;

/**
 * Usage of one device on one day: zero before its subscription started or
 * when not activated, lower on weekends for land terminals, with occasional
 * busy days, and for a few terminals a bulk transfer on the first day of the month.
 * Deterministic for (seed, device, day).
 */
export function dailyUsage(seed: number, device: DemoDevice, day: Date): DailyUsage {
  const none = { day, satelliteBytes: 0, cellularBytes: 0 };
  const sub = device.subscription;
  if (!sub || !device.activated || day < sub.startDate || day > sub.endDate) return none;
  const deviceRnd = new Random(seed).fork(device.index);
  const budget = monthlyBudgetBytes(device, deviceRnd);
  const dayNumber = Math.floor(day.getTime() / DAY_MS);
  const rnd = deviceRnd.fork(dayNumber);
  const weekday = day.getUTCDay();
  const weekFactor =
    device.site.kind === 'landMobile' && (weekday === 0 || weekday === 6) ? 0.45 : 1.1;
  const spike = rnd.chance(0.04) ? rnd.float(2, 4) : 1;
  const quiet = rnd.chance(0.05) ? 0 : 1;
  const bulk =
    day.getUTCDate() === 1 ? firstDayShare(seed, device) * (sub.dataLimitInGb ?? 0) * GB : 0;
  const total =
    Math.max(0, (budget / 30) * weekFactor * spike * quiet * rnd.float(0.6, 1.4)) + bulk;
  const cellularShare = device.enableCellTraffic ? rnd.float(0.15, 0.55) : 0;
  return {
    day,
    satelliteBytes: Math.round(total * (1 - cellularShare)),
    cellularBytes: Math.round(total * cellularShare),
  };
}

/** UTC midnights from `days - 1` days before `now` up to today. */
export function lastDays(now: Date, days: number): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS));
}
