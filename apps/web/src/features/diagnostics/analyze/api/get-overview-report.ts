import {
  diagnosticsEndpoints,
  type DiagnosticReportQuery,
  type DiagnosticOverview,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';

/**
 * `GET /v1/diagnostics/reports/overview`: entitlements, inventory, text files, comparison. Quiet: the report shows its own
 * toast and inline error (spec 001 §8).
 */
export function getOverviewReport(
  query: DiagnosticReportQuery,
  signal?: AbortSignal,
): Promise<DiagnosticOverview> {
  return callApi(
    diagnosticsEndpoints.overview,
    { query },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function overviewReportQueryOptions(query: DiagnosticReportQuery) {
  return queryOptions({
    queryKey: diagnosticReportQueryKey('overview', query),
    queryFn: ({ signal }) => getOverviewReport(query, signal),
    // A processed bundle's contents never change.
    staleTime: Infinity,
  });
}

export function useOverviewReport(query: DiagnosticReportQuery) {
  return useQuery(overviewReportQueryOptions(query));
}
