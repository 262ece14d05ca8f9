import { z } from 'zod';

/** Page size of the subscriptions list (spec 001 §9). */
export const SUBSCRIPTION_LIST_DEFAULT_TAKE = 50;
/** Largest page of the subscriptions list; a list page asks for 50. */
export const SUBSCRIPTION_LIST_MAX_TAKE = 1000;
const MAX_SKIP = 10_000_000;

/**
 * Fields a caller can ask for with `fields` (v3) or `select` (v2.1): the six of spec 001 §7,
 * plus AccountName for the list's Account column and ProductCode. Case-insensitive on the wire.
 */
export const subscriptionListFields = [
  'Id',
  'SubscriptionNumber',
  'Description',
  'ProductCode',
  'AccountId',
  'AccountName',
  'StartDate',
  'EndDate',
] as const;
export type SubscriptionListField = (typeof subscriptionListFields)[number];

/** Sort fields of the subscriptions list: every list field (case-insensitive on the wire). */
export const subscriptionSortFields = subscriptionListFields;
export type SubscriptionSortField = SubscriptionListField;

const sortDirectionSchema = z
  .string()
  .regex(/^(asc|desc)$/i, 'sortDirection must be ASC or DESC')
  .optional();
const takeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(SUBSCRIPTION_LIST_MAX_TAKE)
  .default(SUBSCRIPTION_LIST_DEFAULT_TAKE);
const skipSchema = z.coerce.number().int().min(0).max(MAX_SKIP).default(0);

/**
 * Raw query of `GET /v3/subscriptions`; `sortField`, `fields` and `filters` are parsed by the
 * server's grammar. Filters, comma-joined: `AccountId:{id}` and `EndDate:[{startMs} {endMs}]`.
 */
export const subscriptionListQuerySchema = z.object({
  skip: skipSchema,
  take: takeSchema,
  sortField: z.string().max(64).optional(),
  sortDirection: sortDirectionSchema,
  query: z.string().max(200).optional(),
  fields: z.string().max(500).optional(),
  filters: z.string().max(2000).optional(),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;

/** Raw query of `GET /v2.1/subscriptions`: the v3 grammar under the older parameter names. */
export const subscriptionListQueryV21Schema = z.object({
  from: skipSchema,
  take: takeSchema,
  sortBy: z.string().max(64).optional(),
  sortDirection: sortDirectionSchema,
  select: z.string().max(500).optional(),
  filters: z.string().max(2000).optional(),
});
export type SubscriptionListQueryV21 = z.infer<typeof subscriptionListQueryV21Schema>;

const isoDate = z.iso.datetime({ offset: true });

/** One row of the subscriptions list; only the requested fields are present. */
export const subscriptionListItemSchema = z.object({
  id: z.uuid().optional(),
  /** Null when the CRM has not numbered it yet (the list shows 'Unknown'). */
  subscriptionNumber: z.string().nullable().optional(),
  description: z.string().optional(),
  productCode: z.string().optional(),
  accountId: z.uuid().optional(),
  accountName: z.string().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type SubscriptionListItem = z.infer<typeof subscriptionListItemSchema>;

/** A page of `item` with the count of all that match (the subscription feature's list shape). */
export function countedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int().min(0) });
}

export const subscriptionListSchema = countedListSchema(subscriptionListItemSchema);
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;
