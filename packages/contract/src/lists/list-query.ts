import { z } from 'zod';

/**
 * The wire schemas of list calls (devices, subscriptions, jobs; search later): paging, sort,
 * free text, fields and filters as the query string carries them. `sortField`, `fields` and
 * `filters` stay strings here; `parseListQuery` reads them with the list's grammar.
 */

/** Largest `skip` of a list unless it says otherwise. */
export const LIST_MAX_SKIP = 10_000_000;

export interface ListPageLimits {
  defaultTake: number;
  maxTake: number;
  /** Default {@link LIST_MAX_SKIP}. */
  maxSkip?: number;
}

/** `skip`: rows to pass over, 0 by default. */
export function listSkipSchema(maxSkip: number = LIST_MAX_SKIP) {
  return z.coerce.number().int().min(0).max(maxSkip).default(0);
}

/** `take`: rows in a page, 1 to `maxTake`. */
export function listTakeSchema(limits: ListPageLimits) {
  return z.coerce.number().int().min(1).max(limits.maxTake).default(limits.defaultTake);
}

/** `skip` and `take`: the paging of every list. */
export function listPagingSchema(limits: ListPageLimits) {
  return z.object({ skip: listSkipSchema(limits.maxSkip), take: listTakeSchema(limits) });
}

/** `sortField`: one of the list's sort fields, any case (checked by the grammar). */
export const listSortFieldSchema = z.string().max(64).optional();
/** `sortDirection`: ASC or DESC, any case; ascending when absent. */
export const listSortDirectionSchema = z
  .string()
  .regex(/^(asc|desc)$/i, 'sortDirection must be ASC or DESC')
  .optional();
/** Longest free text (`query`) a list reads. */
export const LIST_MAX_TEXT = 200;

/** `query`: free text. */
export const listTextSchema = z.string().max(LIST_MAX_TEXT).optional();
/** `fields`: comma-joined field names, any case (checked by the grammar). */
export const listFieldsSchema = z.string().max(500).optional();
/** `filters`: comma-joined `Name:value` (checked by the grammar). */
export const listFiltersSchema = z.string().max(2000).optional();

/** The query of a list call: skip, take, sortField, sortDirection, query, fields, filters. */
export function listQuerySchema(limits: ListPageLimits) {
  return z.object({
    ...listPagingSchema(limits).shape,
    sortField: listSortFieldSchema,
    sortDirection: listSortDirectionSchema,
    query: listTextSchema,
    fields: listFieldsSchema,
    filters: listFiltersSchema,
  });
}

/** A list query after its schema, under the names above (a call with other names maps onto them). */
export interface ListQuery {
  skip: number;
  take: number;
  sortField?: string | undefined;
  sortDirection?: string | undefined;
  query?: string | undefined;
  fields?: string | undefined;
  filters?: string | undefined;
}

/** The wire names of the parameters the grammar reads, so a 400 names the one the caller sent. */
export interface ListParamNames {
  sortField: string;
  fields: string;
  filters: string;
}

export const LIST_PARAM_NAMES: ListParamNames = {
  sortField: 'sortField',
  fields: 'fields',
  filters: 'filters',
};
