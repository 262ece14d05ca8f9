import {
  diagnosticsEndpoints,
  type AimTrackingReport,
  type DiagnosticReportQuery,
} from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';
import type { SeriesRange } from './series-range';

/**
 * `GET /v1/diagnostics/reports/aimtracking`: the tracking log from `range` (the whole log when
 * null), downsampled on the server. Quiet: the report shows its own toast (spec 001 §8).
 */
export function getAimTrackingReport(
  query: DiagnosticReportQuery,
  range: SeriesRange | null,
  signal?: AbortSignal,
): Promise<AimTrackingReport> {
  return callApi(
    diagnosticsEndpoints.aimTracking,
    { query: { ...query, ...(range ?? {}) } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function aimTrackingReportQueryOptions(
  query: DiagnosticReportQuery,
  range: SeriesRange | null,
) {
  return queryOptions({
    queryKey: [...diagnosticReportQueryKey('aim-tracking', query), range] as const,
    queryFn: ({ signal }) => getAimTrackingReport(query, range, signal),
    // A processed bundle's contents never change; a new range keeps the last answer shown.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useAimTrackingReport(query: DiagnosticReportQuery, range: SeriesRange | null) {
  return useQuery(aimTrackingReportQueryOptions(query, range));
}
