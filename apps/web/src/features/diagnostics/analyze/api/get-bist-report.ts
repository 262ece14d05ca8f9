import { diagnosticsEndpoints, type DiagnosticReportQuery, type BistReport } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';

/**
 * `GET /v1/diagnostics/reports/bist`: the latest self-test run. Quiet: the report shows its own
 * toast and inline error (spec 001 §8).
 */
export function getBistReport(
  query: DiagnosticReportQuery,
  signal?: AbortSignal,
): Promise<BistReport> {
  return callApi(
    diagnosticsEndpoints.bist,
    { query },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function bistReportQueryOptions(query: DiagnosticReportQuery) {
  return queryOptions({
    queryKey: diagnosticReportQueryKey('bist', query),
    queryFn: ({ signal }) => getBistReport(query, signal),
    // A processed bundle's contents never change.
    staleTime: Infinity,
  });
}

export function useBistReport(query: DiagnosticReportQuery) {
  return useQuery(bistReportQueryOptions(query));
}
