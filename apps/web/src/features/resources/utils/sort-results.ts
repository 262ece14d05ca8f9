import type { DocumentSearchResult } from '@aerie/contract';

export type SortField = 'title' | 'date';
export interface ResultSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Spec 002: the search results are sorted by date, newest first, until a sort button is used. */
export const DEFAULT_SORT: ResultSort = { field: 'date', direction: 'desc' };

/** A sort button's click: a new field sorts ascending, the same field again toggles. */
export function nextSort(current: ResultSort, field: SortField): ResultSort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The results in the chosen order (ties by file name, so the order is stable). */
export function sortResults(
  results: readonly DocumentSearchResult[],
  sort: ResultSort,
): DocumentSearchResult[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...results].sort((a, b) => {
    const primary =
      sort.field === 'title' ? collator.compare(a.title, b.title) : a.date.localeCompare(b.date);
    return primary !== 0 ? sign * primary : collator.compare(a.fileName, b.fileName);
  });
}
