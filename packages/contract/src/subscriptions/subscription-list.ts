import { z } from 'zod';
import { countedListSchema } from '../lists/counted-list.js';
import { listFilter, listGrammar, type ParsedListQueryOf } from '../lists/list-grammar.js';
import {
  listFieldsSchema,
  listFiltersSchema,
  listQuerySchema,
  listSkipSchema,
  listSortDirectionSchema,
  listSortFieldSchema,
  listTakeSchema,
  type ListParamNames,
} from '../lists/list-query.js';
import { subscriptionUsageFilters } from './usage-alerts.js';

/** Page size of the subscriptions list (spec 001 §9). */
export const SUBSCRIPTION_LIST_DEFAULT_TAKE = 50;
/** Largest page of the subscriptions list; a list page asks for 50. */
export const SUBSCRIPTION_LIST_MAX_TAKE = 1000;

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

/**
 * The subscriptions list's grammar (spec 001 §7): sort by EndDate unless asked, every field
 * unless `fields` names some, and the filters `AccountId:{uuid}` (repeatable: any of them),
 * `EndDate:[{startMs} {endMs}]` (inclusive) and `Usage:Over80` or `Usage:Over100` (usage alerts,
 * docs/decisions/038-usage-alerts.md).
 */
export const subscriptionListGrammar = listGrammar({
  sortFields: subscriptionSortFields,
  defaultSortField: 'EndDate',
  fields: subscriptionListFields,
  defaultFields: subscriptionListFields,
  keyField: 'Id',
  filters: {
    /** Subscriptions of any of these accounts (still limited to the caller's visible accounts). */
    accountIds: listFilter.ids('AccountId', 'an account id'),
    /** End date within [from, to], both inclusive; null: any end date. */
    endDate: listFilter.timeRange('EndDate'),
    /** Usage this month (UTC) has reached 80% (Over80) or 100% (Over100) of the data limit. */
    usage: listFilter.oneOf('Usage', subscriptionUsageFilters),
  },
});
/** The subscriptions list's query as the grammar reads it. */
export type ParsedSubscriptionListQuery = ParsedListQueryOf<typeof subscriptionListGrammar>;

const pageLimits = {
  defaultTake: SUBSCRIPTION_LIST_DEFAULT_TAKE,
  maxTake: SUBSCRIPTION_LIST_MAX_TAKE,
};

/** Query of `GET /v3/subscriptions`: the list query (lists/), read with the grammar above. */
export const subscriptionListQuerySchema = listQuerySchema(pageLimits);
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;

/** Raw query of `GET /v2.1/subscriptions`: the v3 grammar under the older parameter names. */
export const subscriptionListQueryV21Schema = z.object({
  from: listSkipSchema(),
  take: listTakeSchema(pageLimits),
  sortBy: listSortFieldSchema,
  sortDirection: listSortDirectionSchema,
  select: listFieldsSchema,
  filters: listFiltersSchema,
});
export type SubscriptionListQueryV21 = z.infer<typeof subscriptionListQueryV21Schema>;

/** The v2.1 names of the parameters the grammar reads, for its 400s. */
export const subscriptionListV21ParamNames: ListParamNames = {
  sortField: 'sortBy',
  fields: 'select',
  filters: 'filters',
};

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

export const subscriptionListSchema = countedListSchema(subscriptionListItemSchema);
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;
