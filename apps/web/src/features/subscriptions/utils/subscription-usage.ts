import { UNLIMITED_DATA_LIMIT_GB, type Subscription } from '@aerie/contract';

/** GB as the data limit counts it (1000^3 bytes). */
const GB = 1e9;

/** This UTC month's bytes of the subscription (satellite and cellular). */
export function usageThisMonth(s: Pick<Subscription, 'monthlyUsageHistory'>, now: Date): number {
  const month = s.monthlyUsageHistory.find(
    (u) => u.year === now.getUTCFullYear() && u.month === now.getUTCMonth() + 1,
  );
  return month?.value ?? 0;
}

/** The share of the data limit used (0–100, whole), or null without a finite limit. */
export function usedPercent(bytes: number, limitGb: number | null): number | null {
  if (limitGb === null || limitGb === UNLIMITED_DATA_LIMIT_GB || limitGb <= 0) return null;
  return Math.min(100, Math.floor((bytes / (limitGb * GB)) * 100));
}

/** The colour level of a share of the limit: the usage alerts' thresholds (80 and 100). */
export function usageLevel(percent: number): 'ok' | 'high' | 'over' {
  return percent >= 100 ? 'over' : percent >= 80 ? 'high' : 'ok';
}
