import {
  type ListFilter,
  type ListFilterValues,
  type ListGrammar,
  type ListSortDirection,
} from './list-grammar.js';

/** What a caller asks of a list, in the grammar's terms; absent parts are left to the server. */
export interface ListQueryInput<S extends string, F extends string, V> {
  skip: number;
  take: number;
  sortField: S;
  sortDirection: ListSortDirection;
  /** Free text; blank is none. */
  text?: string | null;
  fields?: readonly F[];
  /** Filters left out, null or without ids are not sent. */
  filters?: Partial<V>;
}

/** A list query as it goes on the wire (`sortDirection` upper-case, as spec 001 §7 writes it). */
export interface ListQueryParams<S extends string> {
  skip: number;
  take: number;
  sortField: S;
  sortDirection: 'ASC' | 'DESC';
  fields?: string;
  query?: string;
  filters?: string;
}

/** `filters` in the grammar: comma-joined `Name:value` in the grammar's order; undefined for none. */
export function formatListFilters<R extends Record<string, ListFilter>>(
  grammar: ListGrammar<string, string, R>,
  values: Partial<ListFilterValues<R>>,
): string | undefined {
  const parts: string[] = [];
  for (const [key, filter] of Object.entries(grammar.filters)) {
    const value: unknown = values[key];
    if (value === undefined || value === null) continue;
    if (filter.kind === 'boolean') parts.push(`${filter.name}:${value === true}`);
    else if (filter.kind === 'oneOf') parts.push(`${filter.name}:${value as string}`);
    else if (filter.kind === 'ids')
      for (const id of value as readonly string[]) parts.push(`${filter.name}:${id}`);
    else {
      const { from, to } = value as { from: Date; to: Date };
      parts.push(`${filter.name}:[${from.getTime()} ${to.getTime()}]`);
    }
  }
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** The wire query of a list request, as `parseListQuery` reads it back. */
export function formatListQuery<
  S extends string,
  F extends string,
  R extends Record<string, ListFilter>,
>(
  grammar: ListGrammar<S, F, R>,
  input: ListQueryInput<S, F, ListFilterValues<R>>,
): ListQueryParams<S> {
  const text = input.text?.trim();
  const filters = input.filters ? formatListFilters(grammar, input.filters) : undefined;
  return {
    skip: input.skip,
    take: input.take,
    sortField: input.sortField,
    sortDirection: input.sortDirection === 'desc' ? 'DESC' : 'ASC',
    ...(input.fields && input.fields.length > 0 ? { fields: input.fields.join(',') } : {}),
    ...(text ? { query: text } : {}),
    ...(filters ? { filters } : {}),
  };
}

/** The query string of a list request. */
export function listQuerySearch(params: ListQueryParams<string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) search.set(key, String(value));
  return search.toString();
}
