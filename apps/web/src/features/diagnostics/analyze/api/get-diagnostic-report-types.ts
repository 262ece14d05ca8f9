import { diagnosticsEndpoints, type DiagnosticReportTypes } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

export const diagnosticReportTypesQueryKey = ['diagnostics', 'report-types'] as const;

/** `GET /v1/diagnostics/reports`: the analyze screen's reports and whether each is available. */
export function getDiagnosticReportTypes(signal?: AbortSignal): Promise<DiagnosticReportTypes> {
  return callApi(diagnosticsEndpoints.reportTypes, undefined, signal ? { signal } : {});
}

export function diagnosticReportTypesQueryOptions() {
  return queryOptions({
    queryKey: diagnosticReportTypesQueryKey,
    queryFn: ({ signal }) => getDiagnosticReportTypes(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDiagnosticReportTypes() {
  return useQuery(diagnosticReportTypesQueryOptions());
}
