import type { UsageAlertThreshold } from '@aerie/contract';

/** English month names, so a label reads the same on every server whatever its locale. */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface UsageAlertSubject {
  description: string;
  /** Null until the CRM numbers it. */
  subscriptionNumber: string | null;
  year: number;
  month: number;
  threshold: UsageAlertThreshold;
  dataLimitInGb: number;
}

/**
 * Texts of usage alerts (docs/decisions/038-usage-alerts.md). A label names the month: it is
 * still true when read weeks later.
 */
export const USAGE_ALERT_MESSAGES = {
  /** The notification's name (as SyncRemote names a hub job's). */
  name: 'UsageAlert',
  label({
    description,
    subscriptionNumber,
    year,
    month,
    threshold,
    dataLimitInGb,
  }: UsageAlertSubject): string {
    const subscription = subscriptionNumber
      ? `Subscription ${description} (${subscriptionNumber})`
      : `Subscription ${description}`;
    const when = `in ${MONTHS[month - 1] ?? month} ${year}`;
    return threshold === 100
      ? `${subscription} has used its whole ${dataLimitInGb} GB data limit ${when}.`
      : `${subscription} has used ${threshold}% of its ${dataLimitInGb} GB data limit ${when}.`;
  },
} as const;
