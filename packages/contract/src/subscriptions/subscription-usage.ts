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

/** Most subscriptions one `POST /v2.1/subscriptions/usage` answers (a list page is 50). */
export const SUBSCRIPTIONS_USAGE_IDS_MAX = 100;

/**
 * `POST /v2.1/subscriptions/usage`: one UTC month's usage of many subscriptions at once (the
 * subscriptions list's usage column asks for a page's). The month is `year` and `month`
 * together, or neither: the current month (UTC).
 */
export const subscriptionsUsageBodySchema = z
  .object({
    ids: z
      .array(z.uuid('Each of ids must be a subscription id.'))
      .min(1, 'ids must name at least one subscription.')
      .max(
        SUBSCRIPTIONS_USAGE_IDS_MAX,
        `ids may name at most ${SUBSCRIPTIONS_USAGE_IDS_MAX} subscriptions.`,
      ),
    year: z.number().int().min(2000).max(2100).optional(),
    month: z.number().int().min(1).max(12).optional(),
  })
  .refine((body) => (body.year === undefined) === (body.month === undefined), {
    message: 'year and month go together: give both or neither.',
    path: ['month'],
  });
export type SubscriptionsUsageBody = z.infer<typeof subscriptionsUsageBodySchema>;

/** One subscription's usage in the month, in bytes (0 without traffic); value is both. */
export const subscriptionsUsageItemSchema = z.object({
  id: z.uuid(),
  /** 9999 means Unlimited; null is missing (malformed). */
  dataLimitInGb: z.number().int().nullable(),
  value: z.number().min(0),
  satelliteValue: z.number().min(0),
  cellularValue: z.number().min(0),
});
export type SubscriptionsUsageItem = z.infer<typeof subscriptionsUsageItemSchema>;

/** The month asked for and the usage of those of `ids` the caller sees, in the order asked. */
export const subscriptionsUsageSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  items: z.array(subscriptionsUsageItemSchema),
});
export type SubscriptionsUsage = z.infer<typeof subscriptionsUsageSchema>;
