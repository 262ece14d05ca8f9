import {
  subscriptionListFields,
  subscriptionSortFields,
  type SubscriptionListField,
  type SubscriptionSortField,
} from '@aerie/contract';
import { BadRequestError } from '../../plugins/errors.js';

/** The list query under v3 names; v2.1 maps its names (from, select, sortBy) onto these. */
export interface SubscriptionListParams {
  skip: number;
  take: number;
  sortField?: string | undefined;
  sortDirection?: string | undefined;
  query?: string | undefined;
  fields?: string | undefined;
  filters?: string | undefined;
}

/** The wire names of the parameters, so a 400 names the one the caller sent. */
export interface ParamNames {
  sortField: string;
  fields: string;
  filters: string;
}
export const V3_PARAM_NAMES: ParamNames = {
  sortField: 'sortField',
  fields: 'fields',
  filters: 'filters',
};
export const V21_PARAM_NAMES: ParamNames = {
  sortField: 'sortBy',
  fields: 'select',
  filters: 'filters',
};

export interface SubscriptionFilters {
  /** Subscriptions of any of these accounts (still limited to the caller's visible accounts). */
  accountIds: string[];
  /** End date within [from, to], both inclusive; null: any end date. */
  endDate: { from: Date; to: Date } | null;
}

export interface ParsedSubscriptionQuery {
  skip: number;
  take: number;
  sortField: SubscriptionSortField;
  sortDirection: 'asc' | 'desc';
  /** Free text matched against number, description and product code; null when empty. */
  text: string | null;
  fields: ReadonlySet<SubscriptionListField>;
  filters: SubscriptionFilters;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANGE = /^\[\s*(-?\d{1,16})\s+(-?\d{1,16})\s*\]$/;
/** The largest instant a JavaScript Date holds, in ms either side of 1970. */
const MAX_MS = 8.64e15;

function byLowerCase<T extends string>(values: readonly T[]): Map<string, T> {
  return new Map(values.map((v) => [v.toLowerCase(), v]));
}
const sortFieldByName = byLowerCase(subscriptionSortFields);
const fieldByName = byLowerCase(subscriptionListFields);

function parseFields(raw: string | undefined, names: ParamNames): Set<SubscriptionListField> {
  const fields = new Set<SubscriptionListField>();
  for (const part of raw?.split(',') ?? []) {
    const name = part.trim();
    if (!name) continue;
    const field = fieldByName.get(name.toLowerCase());
    if (!field)
      throw new BadRequestError(
        `Unknown field "${name}". Use any of: ${subscriptionListFields.join(', ')}.`,
        names.fields,
      );
    fields.add(field);
  }
  if (fields.size === 0) for (const f of subscriptionListFields) fields.add(f);
  fields.add('Id');
  return fields;
}

function parseEndDate(value: string, param: string): { from: Date; to: Date } {
  const match = RANGE.exec(value);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || Math.abs(from) > MAX_MS || Math.abs(to) > MAX_MS)
    throw new BadRequestError(
      `Filter EndDate takes [{startMs} {endMs}] in milliseconds since 1970, not "${value}".`,
      param,
    );
  if (from > to)
    throw new BadRequestError(`Filter EndDate starts after it ends: "${value}".`, param);
  return { from: new Date(from), to: new Date(to) };
}

function parseFilters(raw: string | undefined, names: ParamNames): SubscriptionFilters {
  const filters: SubscriptionFilters = { accountIds: [], endDate: null };
  const param = names.filters;
  for (const piece of raw?.split(',') ?? []) {
    const part = piece.trim();
    if (!part) continue;
    const colon = part.indexOf(':');
    if (colon <= 0)
      throw new BadRequestError(`Malformed filter "${part}": expected Name:value.`, param);
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (name === 'accountid') {
      if (!UUID.test(value))
        throw new BadRequestError(`Filter AccountId takes an account id, not "${value}".`, param);
      filters.accountIds.push(value.toLowerCase());
    } else if (name === 'enddate') {
      if (filters.endDate)
        throw new BadRequestError('Filter EndDate can be given only once.', param);
      filters.endDate = parseEndDate(value, param);
    } else {
      throw new BadRequestError(
        `Unknown filter "${part.slice(0, colon)}". Use AccountId or EndDate.`,
        param,
      );
    }
  }
  return filters;
}

/**
 * Parses the subscriptions list's query grammar (spec 001 §7): `sortField` (case-insensitive,
 * default EndDate), `fields` (comma list) and `filters`, comma-joined `AccountId:{uuid}`
 * (repeatable: any of them) and `EndDate:[{startMs} {endMs}]` (inclusive). Anything else is a
 * 400 naming the parameter as the caller spelled it.
 */
export function parseSubscriptionQuery(
  q: SubscriptionListParams,
  names: ParamNames = V3_PARAM_NAMES,
): ParsedSubscriptionQuery {
  const sortField = q.sortField?.trim()
    ? sortFieldByName.get(q.sortField.trim().toLowerCase())
    : 'EndDate';
  if (!sortField) {
    throw new BadRequestError(
      `Unknown ${names.sortField} "${q.sortField}". Use one of: ${subscriptionSortFields.join(', ')}.`,
      names.sortField,
    );
  }
  return {
    skip: q.skip,
    take: q.take,
    sortField,
    sortDirection: q.sortDirection?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    text: q.query?.trim() ? q.query.trim() : null,
    fields: parseFields(q.fields, names),
    filters: parseFilters(q.filters, names),
  };
}
