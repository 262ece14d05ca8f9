import { z } from 'zod';
import { countedListSchema } from '../lists/counted-list.js';

const isoDate = z.iso.datetime({ offset: true });

/** A query flag written `true` or `false` (any case). */
const queryFlag = z
  .string()
  .regex(/^(true|false)$/i, 'expected true or false')
  .transform((v) => v.toLowerCase() === 'true');

export const subscriptionIdParamsSchema = z.object({
  id: z.uuid('The subscription id is not valid.'),
});

/** Most subscriptions `POST /v3/subscriptions` resolves at once (a device's history). */
export const SUBSCRIPTION_IDS_MAX = 100;

/** `POST /v3/subscriptions`: the subscriptions of a device's history, by id. */
export const subscriptionIdsBodySchema = z.object({
  ids: z.array(z.uuid()).max(SUBSCRIPTION_IDS_MAX),
});
export type SubscriptionIdsBody = z.infer<typeof subscriptionIdsBodySchema>;

/**
 * A subscription as the detail and history views show it (spec 001 §3, "Subscription").
 * Role-restricted fields are absent, not null, for roles that may not see them (spec 001 §6):
 * `subscriptionNumber`, `salesforceObjectId` and `salesforceAccountId` need
 * `subscriptions.salesforce`; `networkIdentifiers` and `nmsId` ("Networks") need
 * `subscriptions.networks` (`subscriptions.history.networks` in a device's history).
 */
export const subscriptionSummarySchema = z.object({
  id: z.uuid(),
  subscriptionNumber: z.string().nullable().optional(),
  description: z.string(),
  productCode: z.string(),
  accountId: z.uuid(),
  accountName: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  /** 9999 means Unlimited; null is missing (malformed). */
  dataLimitInGb: z.number().int().nullable(),
  hasSatellite: z.boolean(),
  hasCellular: z.boolean(),
  /** Started and not yet ended, now. */
  active: z.boolean(),
  /** dataLimitInGb, networkIdentifiers or nmsId is missing (spec 001 §3), whoever asks. */
  malformed: z.boolean(),
  salesforceObjectId: z.string().nullable().optional(),
  salesforceAccountId: z.string().nullable().optional(),
  networkIdentifiers: z.array(z.string()).nullable().optional(),
  nmsId: z.string().nullable().optional(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** One month of a subscription's usage, in bytes; value is satellite plus cellular. */
export const subscriptionMonthlyUsageSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  value: z.number().min(0),
  satelliteValue: z.number().min(0),
  cellularValue: z.number().min(0),
});
export type SubscriptionMonthlyUsage = z.infer<typeof subscriptionMonthlyUsageSchema>;

/** Most device names in `remoteNames`; the devices call pages through all of them. */
export const SUBSCRIPTION_REMOTE_NAMES_MAX = 100;

/** `GET /v3/subscriptions/{id}`: one subscription with its usage history and devices' names. */
export const subscriptionSchema = subscriptionSummarySchema.extend({
  pendingTransferEmail: z.string().nullable(),
  /** Oldest month first. */
  monthlyUsageHistory: z.array(subscriptionMonthlyUsageSchema),
  /** Names of the linked devices the caller sees, by name (at most SUBSCRIPTION_REMOTE_NAMES_MAX). */
  remoteNames: z.array(z.string()),
  /** How many linked devices the caller sees (remoteNames may hold fewer). */
  deviceCount: z.number().int().min(0),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `POST /v3/subscriptions`: the requested subscriptions the caller sees, newest start first. */
export const subscriptionSummaryListSchema = z.object({
  items: z.array(subscriptionSummarySchema),
});
export type SubscriptionSummaryList = z.infer<typeof subscriptionSummaryListSchema>;

/** Most activity entries `GET /v2.1/subscriptions/{id}?includeActivity=true` returns. */
export const SUBSCRIPTION_ACTIVITY_MAX = 500;

/** One device's time on a subscription. */
export const subscriptionActivitySchema = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  deviceSerial: z.string().nullable(),
  startDate: isoDate,
  /** Null while the device is still on the subscription. */
  endDate: isoDate.nullable(),
  active: z.boolean(),
});
export type SubscriptionActivity = z.infer<typeof subscriptionActivitySchema>;

export const subscriptionDetailQueryV21Schema = z.object({
  includeActivity: queryFlag.optional(),
});

/** `GET /v2.1/subscriptions/{id}`: the v3 subscription, plus its device history when asked. */
export const subscriptionV21Schema = subscriptionSchema.extend({
  /** Newest first, at most SUBSCRIPTION_ACTIVITY_MAX entries; present with includeActivity=true. */
  activity: z.array(subscriptionActivitySchema).optional(),
});
export type SubscriptionV21 = z.infer<typeof subscriptionV21Schema>;

export const SUBSCRIPTION_DEVICES_DEFAULT_TAKE = 20;
export const SUBSCRIPTION_DEVICES_MAX_TAKE = 1000;

/** `GET /v3/subscriptions/{id}/devices`: a page of its devices, by name (spec 001 §7: take 20). */
export const subscriptionDevicesQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  take: z.coerce
    .number()
    .int()
    .min(1)
    .max(SUBSCRIPTION_DEVICES_MAX_TAKE)
    .default(SUBSCRIPTION_DEVICES_DEFAULT_TAKE),
});
export type SubscriptionDevicesQuery = z.infer<typeof subscriptionDevicesQuerySchema>;

export const subscriptionDeviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  serial: z.string().nullable(),
  /** The device is on this subscription now (false: it was, earlier). */
  active: z.boolean(),
});
export type SubscriptionDevice = z.infer<typeof subscriptionDeviceSchema>;

export const subscriptionDeviceListSchema = countedListSchema(subscriptionDeviceSchema);
export type SubscriptionDeviceList = z.infer<typeof subscriptionDeviceListSchema>;

export const SUBSCRIPTION_ACCOUNT_MAX_TAKE = 1000;

export const subscriptionAccountParamsSchema = z.object({
  accountId: z.uuid('The account id is not valid.'),
});

/** `GET /v2.1/subscriptions/account/{accountId}?active`: one account's subscriptions, by end date. */
export const subscriptionAccountQueryV21Schema = z.object({
  /** true: only those started and not yet ended; false or absent: all. */
  active: queryFlag.optional(),
  from: z.coerce.number().int().min(0).max(10_000_000).default(0),
  take: z.coerce.number().int().min(1).max(SUBSCRIPTION_ACCOUNT_MAX_TAKE).default(100),
});
export type SubscriptionAccountQueryV21 = z.infer<typeof subscriptionAccountQueryV21Schema>;

export const subscriptionAccountListSchema = countedListSchema(subscriptionSummarySchema);
export type SubscriptionAccountList = z.infer<typeof subscriptionAccountListSchema>;
