import {
  DIAGNOSTICS_LIMITS as L,
  diagnosticsEndpoints,
  type DiagnosticUploadResponse,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { xhrTransport } from '../../../lib/xhr-transport';
import { diagnosticFilesQueryKey } from './get-diagnostic-files';

export interface DiagnosticUploadRequest {
  /** The antenna serial of the file's name (the call's `{serial}`). */
  serial: string;
  file: File;
  /** The device page also sends the serial as a field (spec 001 §7); the server checks it. */
  sendSerial?: boolean;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The request's form: the optional serial first, then the bundle (the server streams it). */
export function diagnosticUploadForm(file: File, serial?: string): FormData {
  const form = new FormData();
  if (serial !== undefined) form.append(L.serialField, serial);
  form.append(L.fileField, file, file.name);
  return form;
}

/** `POST /v2/storage/diagnostics/{serial}` (multipart, with upload progress). */
export function uploadDiagnosticFile({
  serial,
  file,
  sendSerial = false,
  onProgress,
  signal,
}: DiagnosticUploadRequest): Promise<DiagnosticUploadResponse> {
  return callApi(
    diagnosticsEndpoints.upload,
    { params: { serial }, body: diagnosticUploadForm(file, sendSerial ? serial : undefined) },
    {
      transport: xhrTransport((loaded, total) => onProgress?.(total > 0 ? loaded / total : 0)),
      ...(signal ? { signal } : {}),
    },
  );
}

/** Uploads one file; the antenna's file list is asked again afterwards. */
export function useUploadDiagnosticFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDiagnosticFile,
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({ queryKey: diagnosticFilesQueryKey(request.serial) }),
  });
}
