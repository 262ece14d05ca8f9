/**
 * The grammar of a list's `sortField`, `fields` and `filters` (spec 001 §7): which names it
 * knows (case-insensitive on the wire) and the filters it reads, each into a typed value.
 */

/** `Name:true` or `Name:false` (any case); the last one given counts. */
export interface BooleanListFilter {
  readonly kind: 'boolean';
  readonly name: string;
}

/** `Name:{uuid}`, repeatable (any of them), read lower-case. */
export interface IdsListFilter {
  readonly kind: 'ids';
  readonly name: string;
  /** What the id names, for the 400: "an account id". */
  readonly what: string;
}

/** `Name:[{startMs} {endMs}]` in milliseconds since 1970, both ends inclusive, once at most. */
export interface TimeRangeListFilter {
  readonly kind: 'timeRange';
  readonly name: string;
}

/** `Name:{value}`, one of a fixed set (any case, read as the set spells it); the last one counts. */
export interface OneOfListFilter<V extends string = string> {
  readonly kind: 'oneOf';
  readonly name: string;
  readonly values: readonly V[];
}

export type ListFilter = BooleanListFilter | IdsListFilter | TimeRangeListFilter | OneOfListFilter;

/** The filter kinds a list grammar is made of. */
export const listFilter = {
  boolean: (name: string): BooleanListFilter => ({ kind: 'boolean', name }),
  ids: (name: string, what: string): IdsListFilter => ({ kind: 'ids', name, what }),
  timeRange: (name: string): TimeRangeListFilter => ({ kind: 'timeRange', name }),
  oneOf: <const V extends string>(name: string, values: readonly V[]): OneOfListFilter<V> => ({
    kind: 'oneOf',
    name,
    values,
  }),
};

/** A time range's ends, both inclusive. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** What a filter reads into: null (or no ids) when the caller did not give it. */
export type ListFilterValue<F extends ListFilter> = F extends BooleanListFilter
  ? boolean | null
  : F extends IdsListFilter
    ? string[]
    : F extends TimeRangeListFilter
      ? TimeRange | null
      : F extends OneOfListFilter<infer V>
        ? V | null
        : never;

export type ListFilterValues<R extends Record<string, ListFilter>> = {
  [K in keyof R]: ListFilterValue<R[K]>;
};

export interface ListGrammarDefinition<
  S extends string,
  F extends string,
  R extends Record<string, ListFilter>,
> {
  readonly sortFields: readonly S[];
  /** The sort field when `sortField` is absent or blank. */
  readonly defaultSortField: NoInfer<S>;
  readonly fields: readonly F[];
  /** The fields when `fields` names none. */
  readonly defaultFields: readonly NoInfer<F>[];
  /** The field every answer includes (the row's id). */
  readonly keyField: NoInfer<F>;
  /** The filters under the keys they are read into, in the order a 400 lists them. */
  readonly filters: R;
}

export interface ListGrammar<
  S extends string,
  F extends string,
  R extends Record<string, ListFilter>,
> extends ListGrammarDefinition<S, F, R> {
  readonly sortFieldByName: ReadonlyMap<string, S>;
  readonly fieldByName: ReadonlyMap<string, F>;
  readonly filterByName: ReadonlyMap<string, { key: keyof R & string; filter: ListFilter }>;
}

function byLowerCase<T extends string>(values: readonly T[]): Map<string, T> {
  return new Map(values.map((v) => [v.toLowerCase(), v]));
}

/** A list's grammar, with its names looked up once. */
export function listGrammar<
  const S extends string,
  const F extends string,
  const R extends Record<string, ListFilter>,
>(definition: ListGrammarDefinition<S, F, R>): ListGrammar<S, F, R> {
  const filterByName = new Map<string, { key: keyof R & string; filter: ListFilter }>();
  for (const [key, filter] of Object.entries(definition.filters))
    filterByName.set(filter.name.toLowerCase(), { key, filter });
  return {
    ...definition,
    sortFieldByName: byLowerCase(definition.sortFields),
    fieldByName: byLowerCase(definition.fields),
    filterByName,
  };
}

export type ListSortDirection = 'asc' | 'desc';

/** A list query read by its grammar. */
export interface ParsedListQuery<S extends string, F extends string, V> {
  skip: number;
  take: number;
  sortField: S;
  sortDirection: ListSortDirection;
  /** Free text, trimmed; null when empty. */
  text: string | null;
  /** The requested fields, always with the key field. */
  fields: ReadonlySet<F>;
  filters: V;
}

/** The parsed query of a grammar: `ParsedListQueryOf<typeof deviceListGrammar>`. */
export type ParsedListQueryOf<G> =
  G extends ListGrammar<infer S, infer F, infer R>
    ? ParsedListQuery<S, F, ListFilterValues<R>>
    : never;
