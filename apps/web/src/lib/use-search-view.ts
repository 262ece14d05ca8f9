import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

export interface UpdateViewOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

export type UpdateSearchView<V> = (changes: Partial<V>, options?: UpdateViewOptions) => void;

/**
 * A list's view (filters, sort, page, page size), kept in the address's search so a view can
 * be shared and survives reload. Any change but the page goes back to page 1.
 *
 * `parse` reads a view from the search values (invalid ones fall back to defaults) and
 * `toSearch` writes a view back without its defaults; both must be module-level functions
 * (the router's `select` compares them).
 */
export function useSearchView<V extends { page: number }>(
  parse: (search: unknown) => V,
  toSearch: (view: V) => Record<string, unknown>,
): [V, UpdateSearchView<V>] {
  // NOTE: the router has validated the search already; parsing it again types it here, where
  // the route tree built from the contract's route table cannot. The view is selected as its
  // canonical search in JSON: a string, so the view changes only when its values do.
  const key = useSearch({
    strict: false,
    select: (search: unknown) => JSON.stringify(toSearch(parse(search))),
  });
  const view = useMemo(() => parse(JSON.parse(key)), [key, parse]);
  const router = useRouter();
  const navigate = useNavigate();

  const update = useCallback<UpdateSearchView<V>>(
    (changes, { replace = false } = {}) => {
      // NOTE: read the address now, not at render: a debounced call may come later.
      const { pathname } = router.state.location;
      const latest: unknown = router.state.location.search;
      const next: V = { ...parse(latest), page: 1, ...changes };
      void navigate({ to: pathname, search: toSearch(next), replace });
    },
    [router, navigate, parse, toSearch],
  );
  return [view, update];
}
