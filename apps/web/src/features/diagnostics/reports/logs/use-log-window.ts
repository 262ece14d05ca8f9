import type { DiagnosticReportQuery, LogEntry, LogSearchPage } from '@aerie/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getLogPage, type LogSearch } from '../../analyze/api/get-log-page';

/** Spec 001 §9: about 5 pages are kept. */
export const KEPT_PAGES = 5;

/** Where a window of pages starts: a page, or the first page from it holding a highlight. */
export interface LogAnchor {
  pageNumber: number;
  requireHighlight: boolean;
  /** Bumped to start the window again from the same page. */
  generation: number;
}

interface PageParam {
  pageNumber: number;
  requireHighlight: boolean;
}

/** An entry of the window, with its key (file and line) and the page it is on. */
export interface WindowEntry {
  key: string;
  entry: LogEntry;
  page: number;
}

export const entryKey = (e: Pick<LogEntry, 'fileName' | 'lineNumber'>) =>
  `${e.fileName}:${e.lineNumber}`;

/**
 * The pages of a search the viewer holds (spec 001 §4): from the anchor on, the next page when
 * scrolling near the end, the previous one at the top, at most KEPT_PAGES at once (the far end
 * is dropped, and fetched again when scrolled back to). The end is reached when a page is empty.
 */
export function useLogWindow(
  query: DiagnosticReportQuery,
  search: LogSearch | null,
  anchor: LogAnchor,
) {
  const result = useInfiniteQuery({
    queryKey: ['diagnostics', 'logs', query.antennaSerial, query.relativePath, search, anchor],
    queryFn: ({ pageParam, signal }) => getLogPage(query, search as LogSearch, pageParam, signal),
    initialPageParam: {
      pageNumber: anchor.pageNumber,
      requireHighlight: anchor.requireHighlight,
    },
    getNextPageParam: (last: LogSearchPage): PageParam | undefined =>
      last.entries.length === 0
        ? undefined
        : { pageNumber: last.updatedPage + 1, requireHighlight: false },
    getPreviousPageParam: (first: LogSearchPage): PageParam | undefined =>
      first.updatedPage > 1
        ? { pageNumber: first.updatedPage - 1, requireHighlight: false }
        : undefined,
    maxPages: KEPT_PAGES,
    enabled: search !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const pages = result.data?.pages ?? [];
  const entries: WindowEntry[] = pages.flatMap((p) =>
    p.entries.map((entry) => ({ key: entryKey(entry), entry, page: p.updatedPage })),
  );
  return {
    ...result,
    pages,
    entries,
    /** The last page fetched was empty: there is nothing after the window. */
    reachedEnd: pages.length > 0 && !result.hasNextPage,
    lastPage: pages.at(-1)?.updatedPage ?? anchor.pageNumber,
  };
}
