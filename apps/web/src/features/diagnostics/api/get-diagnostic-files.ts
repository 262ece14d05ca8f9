import {
  DIAGNOSTICS_LIMITS as L,
  diagnosticsEndpoints,
  type DiagnosticFile,
  type DiagnosticFileList,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How often the list is asked again while a file is still being processed. */
export const PROCESSING_POLL_MS = 2_000;

export const diagnosticFilesQueryKey = (serial: string) =>
  ['diagnostics', 'files', serial] as const;

/** Whether a stored file's processing is over (Ready or Rejected). */
export function isProcessed(file: Pick<DiagnosticFile, 'status'>): boolean {
  return file.status === 'Ready' || file.status === 'Rejected';
}

/** `GET /v2/storage/diagnostics/{serial}/items`: an antenna's files, newest first. */
export function getDiagnosticFiles(
  serial: string,
  signal?: AbortSignal,
): Promise<DiagnosticFileList> {
  return callApi(
    diagnosticsEndpoints.list,
    { params: { serial }, query: { take: L.listDefaultTake } },
    signal ? { signal } : {},
  );
}

/** The list, asked again every 2 s while a file is queued or processing (its state stays current). */
export function getDiagnosticFilesQueryOptions(serial: string) {
  return queryOptions({
    queryKey: diagnosticFilesQueryKey(serial),
    queryFn: ({ signal }) => getDiagnosticFiles(serial, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((file) => !isProcessed(file)) ? PROCESSING_POLL_MS : false,
  });
}

export function useDiagnosticFiles(serial: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDiagnosticFilesQueryOptions(serial), enabled: options.enabled ?? true });
}
