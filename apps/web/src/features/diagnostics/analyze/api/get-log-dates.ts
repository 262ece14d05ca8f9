import {
  diagnosticsEndpoints,
  type DiagnosticReportQuery,
  type LogDateRange,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';

/** `GET /v1/diagnostics/reports/syslog/dates`: the first and last time of both logs (quiet). */
export function getLogDates(
  query: DiagnosticReportQuery,
  signal?: AbortSignal,
): Promise<LogDateRange> {
  return callApi(
    diagnosticsEndpoints.syslogDates,
    { query },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function logDatesQueryOptions(query: DiagnosticReportQuery) {
  return queryOptions({
    queryKey: diagnosticReportQueryKey('log-dates', query),
    queryFn: ({ signal }) => getLogDates(query, signal),
    // A processed bundle's contents never change.
    staleTime: Infinity,
  });
}

export function useLogDates(query: DiagnosticReportQuery) {
  return useQuery(logDatesQueryOptions(query));
}
