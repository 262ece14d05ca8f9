import { diagnosticsEndpoints, type DiagnosticReportQuery, type PostReport } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';

/**
 * `GET /v1/diagnostics/reports/post`: every self-test run, post then post.0 … post.9. Quiet: the report shows its own
 * toast and inline error (spec 001 §8).
 */
export function getPostReport(
  query: DiagnosticReportQuery,
  signal?: AbortSignal,
): Promise<PostReport> {
  return callApi(
    diagnosticsEndpoints.post,
    { query },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function postReportQueryOptions(query: DiagnosticReportQuery) {
  return queryOptions({
    queryKey: diagnosticReportQueryKey('post', query),
    queryFn: ({ signal }) => getPostReport(query, signal),
    // A processed bundle's contents never change.
    staleTime: Infinity,
  });
}

export function usePostReport(query: DiagnosticReportQuery) {
  return useQuery(postReportQueryOptions(query));
}
