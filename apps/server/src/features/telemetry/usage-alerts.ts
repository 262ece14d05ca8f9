import { reachedUsageThresholds } from '@aerie/contract';
import type { MonthUsage, ReachedUsageAlert } from './telemetry.repository.js';

/** A month as a count of months since year 0, so that neighbours differ by one. */
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/**
 * The usage alerts the months of a batch have reached (docs/decisions/038-usage-alerts.md; those
 * already recorded are left alone when recording), ordered by key so that concurrent batches
 * record them in the same order.
 *
 * NOTE: only the current UTC month at `now` and the one before alert: a report from just
 * before midnight may arrive after it, but usage of older months is a backfill of history, not
 * news, and a month ahead comes from a clock running fast (its next report in the month will
 * alert). Every report re-checks its month, so a limit lowered below the usage alerts at the
 * next report.
 */
export function usageAlertsReached(months: readonly MonthUsage[], now: Date): ReachedUsageAlert[] {
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  return months
    .filter((m) => {
      const index = monthIndex(m.year, m.month);
      return index === current || index === current - 1;
    })
    .flatMap(({ subscriptionId, year, month, bytes, dataLimitInGb }) =>
      dataLimitInGb === null
        ? []
        : reachedUsageThresholds(BigInt(bytes), dataLimitInGb).map((threshold) => ({
            subscriptionId,
            year,
            month,
            threshold,
            dataLimitInGb,
          })),
    )
    .sort(
      (a, b) =>
        a.subscriptionId.localeCompare(b.subscriptionId) ||
        monthIndex(a.year, a.month) - monthIndex(b.year, b.month) ||
        a.threshold - b.threshold,
    );
}
