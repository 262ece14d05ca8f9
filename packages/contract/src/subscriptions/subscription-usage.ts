import { z } from 'zod';
import { subscriptionMonthlyUsageSchema } from './subscription.js';

export const subscriptionUsageGroupings = ['monthly', 'daily'] as const;

/** `GET /v3/subscriptions/{id}/usage?groupBy=monthly|daily`. */
export const subscriptionUsageQuerySchema = z.object({
  groupBy: z
    .enum(subscriptionUsageGroupings, { error: 'groupBy must be monthly or daily' })
    .default('monthly'),
});
export type SubscriptionUsageQuery = z.infer<typeof subscriptionUsageQuerySchema>;

/** One UTC day of a subscription's usage (all its devices), in bytes. */
export const subscriptionDailyUsageSchema = z.object({
  /** yyyy-MM-dd (UTC). */
  date: z.iso.date(),
  value: z.number().min(0),
  satelliteValue: z.number().min(0),
  cellularValue: z.number().min(0),
});
export type SubscriptionDailyUsage = z.infer<typeof subscriptionDailyUsageSchema>;

/**
 * Usage of one subscription, oldest first. Monthly: the stored monthly figures. Daily: the
 * daily usage of the devices while they were on the subscription, within its period; days
 * without traffic are absent.
 */
export const subscriptionUsageSchema = z.discriminatedUnion('groupBy', [
  z.object({ groupBy: z.literal('monthly'), items: z.array(subscriptionMonthlyUsageSchema) }),
  z.object({ groupBy: z.literal('daily'), items: z.array(subscriptionDailyUsageSchema) }),
]);
export type SubscriptionUsage = z.infer<typeof subscriptionUsageSchema>;
