import {
  diagnosticsEndpoints,
  type AimMetricsReport,
  type DiagnosticReportQuery,
} from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { diagnosticReportQueryKey } from './report-query-key';
import type { SeriesRange } from './series-range';

/**
 * `GET /v1/diagnostics/reports/aimmetrics`: every metric of the metrics log from `range` (the whole log when
 * null), downsampled on the server. Quiet: the report shows its own toast (spec 001 §8).
 */
export function getAimMetricsReport(
  query: DiagnosticReportQuery,
  range: SeriesRange | null,
  signal?: AbortSignal,
): Promise<AimMetricsReport> {
  return callApi(
    diagnosticsEndpoints.aimMetrics,
    { query: { ...query, ...(range ?? {}) } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

export function aimMetricsReportQueryOptions(
  query: DiagnosticReportQuery,
  range: SeriesRange | null,
) {
  return queryOptions({
    queryKey: [...diagnosticReportQueryKey('aim-metric', query), range] as const,
    queryFn: ({ signal }) => getAimMetricsReport(query, range, signal),
    // A processed bundle's contents never change; a new range keeps the last answer shown.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useAimMetricsReport(query: DiagnosticReportQuery, range: SeriesRange | null) {
  return useQuery(aimMetricsReportQueryOptions(query, range));
}
