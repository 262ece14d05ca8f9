import {
  RECENT_ITEMS_LIMIT,
  RECENT_RESULTS_LIMIT,
  SEARCH_HISTORY_LIMIT,
  type RecentItem,
  type RecentResult,
} from '@aerie/contract';

/**
 * Search history (spec 000 §4, §9): newest first, at most 5; a repeated term
 * (ignoring case and surrounding spaces) moves to the front with its new spelling.
 */
export function addSearchTerm(
  history: readonly string[],
  term: string,
  limit = SEARCH_HISTORY_LIMIT,
): string[] {
  const t = term.trim();
  const key = t.toLowerCase();
  return [t, ...history.filter((h) => h.trim().toLowerCase() !== key)].slice(0, limit);
}

/** Recent results (spec 000 §3, §9): newest first, at most 5; the same item moves to the front. */
export function addRecentResult(
  results: readonly RecentResult[],
  result: RecentResult,
  limit = RECENT_RESULTS_LIMIT,
): RecentResult[] {
  return [result, ...results.filter((r) => !(r.type === result.type && r.id === result.id))].slice(
    0,
    limit,
  );
}

/**
 * Recent items of one kind (spec 000 §3, §4, §9): the same id takes the new
 * time and name; past the limit the oldest by timestamp is dropped. Newest first.
 */
export function addRecentItem(
  items: readonly RecentItem[],
  item: { id: string; name: string },
  now: number,
  limit = RECENT_ITEMS_LIMIT,
): RecentItem[] {
  const next = [
    { id: item.id, name: item.name, ts: now },
    ...items.filter((i) => i.id !== item.id),
  ];
  return next.sort((a, b) => b.ts - a.ts).slice(0, limit);
}
