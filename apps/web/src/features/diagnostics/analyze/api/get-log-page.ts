import {
  LOG_SEARCH_LIMITS,
  diagnosticsEndpoints,
  type DiagnosticReportQuery,
  type LogSearchPage,
  type LogType,
} from '@aerie/contract';
import { callApi } from '../../../../lib/api-client';

/** A search as the Search report applies it (spec 001 §4 "Log search"). */
export interface LogSearch {
  logTypes: readonly LogType[];
  /** ISO times, or null for the logs' own first and last time. */
  fromDate: string | null;
  toDate: string | null;
  text: string;
  mode: 'highlight' | 'filter';
}

/** The call's query of a search (spec 001 §7: highlight or filter, log types comma-separated). */
export function logPageQuery(
  query: DiagnosticReportQuery,
  search: LogSearch,
  page: { pageNumber: number; pageSize: number; requireHighlight?: boolean },
) {
  return {
    ...query,
    logTypes: search.logTypes.join(','),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    ...(search.fromDate ? { fromDate: search.fromDate } : {}),
    ...(search.toDate ? { toDate: search.toDate } : {}),
    ...(search.text === ''
      ? {}
      : search.mode === 'filter'
        ? { filter: search.text, highlight: search.text }
        : { highlight: search.text }),
    ...(page.requireHighlight ? { requireHighlight: 'true' } : {}),
  };
}

/**
 * `GET /v1/diagnostics/reports/syslog`: one page of the search (quiet: the viewer says what
 * failed, spec 001 §8). pageSize -1 answers every entry (the Download).
 */
export function getLogPage(
  query: DiagnosticReportQuery,
  search: LogSearch,
  page: { pageNumber: number; pageSize?: number; requireHighlight?: boolean },
  signal?: AbortSignal,
): Promise<LogSearchPage> {
  return callApi(
    diagnosticsEndpoints.syslog,
    {
      query: logPageQuery(query, search, {
        pageSize: LOG_SEARCH_LIMITS.pageSize,
        ...page,
      }),
    },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
