import { diagnosticsEndpoints, type DiagnosticFile } from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';

/** How often a file that is still being processed is asked for again. */
export const PROCESSING_POLL_MS = 2_000;

export const diagnosticFileQueryKey = (deviceId: string, fileHash: string) =>
  ['diagnostics', 'file', deviceId, fileHash] as const;

/** Queued or Processing: the file's reports cannot be read yet. */
export function isBeingProcessed(file: DiagnosticFile | undefined): boolean {
  return file?.status === 'Queued' || file?.status === 'Processing';
}

/** `GET /v2/devices/{id}/diagnostics/{fileHash}`: one of the device's files (404 when unknown). */
export function getDiagnosticFile(
  deviceId: string,
  fileHash: string,
  signal?: AbortSignal,
): Promise<DiagnosticFile> {
  return callApi(
    diagnosticsEndpoints.fileByHash,
    { params: { id: deviceId, fileHash } },
    signal ? { signal } : {},
  );
}

export function diagnosticFileQueryOptions(deviceId: string, fileHash: string) {
  return queryOptions({
    queryKey: diagnosticFileQueryKey(deviceId, fileHash),
    queryFn: ({ signal }) => getDiagnosticFile(deviceId, fileHash, signal),
    staleTime: 30_000,
    // NOTE: CONVENTIONS §17, status on screen stays current: a file still being processed is
    // asked again every 2 s until it is Ready or Rejected.
    refetchInterval: (query) => (isBeingProcessed(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}

/** The file the analyze screen shows, polled while it is being processed. */
export function useDiagnosticFile(deviceId: string, fileHash: string) {
  return useQuery(diagnosticFileQueryOptions(deviceId, fileHash));
}
