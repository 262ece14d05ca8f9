import {
  type ListFilter,
  type ListFilterValues,
  type ListGrammar,
  type OneOfListFilter,
  type ParsedListQuery,
  type TimeRange,
} from './list-grammar.js';
import { LIST_PARAM_NAMES, type ListParamNames, type ListQuery } from './list-query.js';

/** A list query the grammar refuses: the server answers 400 with `field` and the message. */
export class ListQueryError extends Error {
  override readonly name = 'ListQueryError';

  constructor(
    message: string,
    /** The parameter as the caller spelled it (`sortBy` in v2.1). */
    readonly field: string,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANGE = /^\[\s*(-?\d{1,16})\s+(-?\d{1,16})\s*\]$/;
/** The largest instant a JavaScript Date holds, in ms either side of 1970. */
const MAX_MS = 8.64e15;

/** "A, B or C". */
function orList(names: readonly string[]): string {
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function parseSortField<S extends string>(
  grammar: Pick<
    ListGrammar<S, string, never>,
    'defaultSortField' | 'sortFieldByName' | 'sortFields'
  >,
  raw: string | undefined,
  param: string,
): S {
  if (!raw?.trim()) return grammar.defaultSortField;
  const sortField = grammar.sortFieldByName.get(raw.trim().toLowerCase());
  if (!sortField)
    throw new ListQueryError(
      `Unknown ${param} "${raw}". Use one of: ${grammar.sortFields.join(', ')}.`,
      param,
    );
  return sortField;
}

function parseFields<F extends string>(
  grammar: Pick<
    ListGrammar<string, F, never>,
    'fieldByName' | 'fields' | 'defaultFields' | 'keyField'
  >,
  raw: string | undefined,
  param: string,
): Set<F> {
  const fields = new Set<F>();
  for (const part of raw?.split(',') ?? []) {
    const name = part.trim();
    if (!name) continue;
    const field = grammar.fieldByName.get(name.toLowerCase());
    if (!field)
      throw new ListQueryError(
        `Unknown field "${name}". Use any of: ${grammar.fields.join(', ')}.`,
        param,
      );
    fields.add(field);
  }
  if (fields.size === 0) for (const f of grammar.defaultFields) fields.add(f);
  fields.add(grammar.keyField);
  return fields;
}

function parseBoolean(filter: ListFilter, value: string, param: string): boolean {
  if (/^true$/i.test(value)) return true;
  if (/^false$/i.test(value)) return false;
  throw new ListQueryError(`Filter ${filter.name} takes true or false, not "${value}".`, param);
}

function parseTimeRange(filter: ListFilter, value: string, param: string): TimeRange {
  const match = RANGE.exec(value);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || Math.abs(from) > MAX_MS || Math.abs(to) > MAX_MS)
    throw new ListQueryError(
      `Filter ${filter.name} takes [{startMs} {endMs}] in milliseconds since 1970, not "${value}".`,
      param,
    );
  if (from > to)
    throw new ListQueryError(`Filter ${filter.name} starts after it ends: "${value}".`, param);
  return { from: new Date(from), to: new Date(to) };
}

function parseOneOf(filter: OneOfListFilter, value: string, param: string): string {
  const found = filter.values.find((v) => v.toLowerCase() === value.toLowerCase());
  if (found === undefined)
    throw new ListQueryError(
      `Filter ${filter.name} takes ${orList(filter.values)}, not "${value}".`,
      param,
    );
  return found;
}

type FilterValue = boolean | string | string[] | TimeRange | null;

function parseFilters<R extends Record<string, ListFilter>>(
  grammar: ListGrammar<string, string, R>,
  raw: string | undefined,
  param: string,
): ListFilterValues<R> {
  const values: Record<string, FilterValue> = {};
  for (const [key, filter] of Object.entries(grammar.filters))
    values[key] = filter.kind === 'ids' ? [] : null;
  for (const piece of raw?.split(',') ?? []) {
    const part = piece.trim();
    if (!part) continue;
    const colon = part.indexOf(':');
    if (colon <= 0)
      throw new ListQueryError(`Malformed filter "${part}": expected Name:value.`, param);
    const known = grammar.filterByName.get(part.slice(0, colon).trim().toLowerCase());
    if (!known) {
      const names = Object.values(grammar.filters).map((f) => f.name);
      throw new ListQueryError(
        `Unknown filter "${part.slice(0, colon)}". Use ${orList(names)}.`,
        param,
      );
    }
    const { key, filter } = known;
    const value = part.slice(colon + 1).trim();
    if (filter.kind === 'boolean') {
      values[key] = parseBoolean(filter, value, param);
    } else if (filter.kind === 'oneOf') {
      values[key] = parseOneOf(filter, value, param);
    } else if (filter.kind === 'ids') {
      if (!UUID.test(value))
        throw new ListQueryError(
          `Filter ${filter.name} takes ${filter.what}, not "${value}".`,
          param,
        );
      (values[key] as string[]).push(value.toLowerCase());
    } else {
      if (values[key] !== null)
        throw new ListQueryError(`Filter ${filter.name} can be given only once.`, param);
      values[key] = parseTimeRange(filter, value, param);
    }
  }
  return values as ListFilterValues<R>;
}

/**
 * Reads a list query with its grammar (spec 001 §7): `sortField` and `fields` case-insensitive,
 * `sortDirection` ascending unless DESC, `query` trimmed, and `filters` comma-joined
 * `Name:value`. Anything unknown or malformed throws a {@link ListQueryError} naming the
 * parameter as `names` spell it.
 */
export function parseListQuery<
  S extends string,
  F extends string,
  R extends Record<string, ListFilter>,
>(
  grammar: ListGrammar<S, F, R>,
  query: ListQuery,
  names: ListParamNames = LIST_PARAM_NAMES,
): ParsedListQuery<S, F, ListFilterValues<R>> {
  return {
    skip: query.skip,
    take: query.take,
    sortField: parseSortField(grammar, query.sortField, names.sortField),
    sortDirection: query.sortDirection?.toLowerCase() === 'desc' ? 'desc' : 'asc',
    text: query.query?.trim() ? query.query.trim() : null,
    fields: parseFields(grammar, query.fields, names.fields),
    filters: parseFilters(grammar, query.filters, names.filters),
  };
}
