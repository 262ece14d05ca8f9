import { UNLIMITED_DATA_LIMIT_GB } from '../reference/reference.js';

/**
 * Usage alerts (issue 17, docs/decisions/038-usage-alerts.md): a subscription's account admins
 * and the provider's staff are told once when its usage in a month reaches each of these
 * percentages of its data limit.
 */
export const USAGE_ALERT_THRESHOLDS = [80, 100] as const;
export type UsageAlertThreshold = (typeof USAGE_ALERT_THRESHOLDS)[number];

/** Billing GB (spec 002 §9): 1000^3 bytes. */
export const USAGE_ALERT_BYTES_PER_GB = 1_000_000_000;

/**
 * The bytes at which a month's usage reaches `threshold` percent of a limit of `dataLimitInGb`
 * GB: a whole number (1 GB is 10^7 times 100), exact in a double up to the largest limit.
 */
export function usageThresholdBytes(dataLimitInGb: number, threshold: UsageAlertThreshold): bigint {
  return BigInt(dataLimitInGb) * BigInt(USAGE_ALERT_BYTES_PER_GB / 100) * BigInt(threshold);
}

/**
 * The thresholds a month's usage has reached (usage at or above the threshold's bytes), lowest
 * first. None for an Unlimited subscription (9999 GB) or one without a limit (malformed), or a
 * limit that is not a positive whole number of GB.
 */
export function reachedUsageThresholds(
  monthBytes: bigint,
  dataLimitInGb: number | null,
): UsageAlertThreshold[] {
  if (
    dataLimitInGb === null ||
    dataLimitInGb === UNLIMITED_DATA_LIMIT_GB ||
    !Number.isSafeInteger(dataLimitInGb) ||
    dataLimitInGb <= 0
  )
    return [];
  return USAGE_ALERT_THRESHOLDS.filter((t) => monthBytes >= usageThresholdBytes(dataLimitInGb, t));
}

/** Values of the subscriptions list's usage filter (`Usage:Over80`), read case-insensitively. */
export const subscriptionUsageFilters = ['Over80', 'Over100'] as const;
export type SubscriptionUsageFilter = (typeof subscriptionUsageFilters)[number];

/** The threshold each value of the usage filter means: an alert of it recorded this month. */
export const subscriptionUsageFilterThreshold: Readonly<
  Record<SubscriptionUsageFilter, UsageAlertThreshold>
> = { Over80: 80, Over100: 100 };
