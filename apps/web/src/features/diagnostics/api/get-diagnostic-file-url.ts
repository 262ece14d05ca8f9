import { diagnosticsEndpoints } from '@aerie/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiBaseUrl, downloadApi } from '../../../lib/api-client';

/** A signed URL as the browser can open it: a path of the API gets the API's address. */
export function absoluteSignedUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${apiBaseUrl()}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * `POST /v2/storage/blob`: a short-lived signed URL that downloads a stored diagnostic file
 * (`filePath` = `{antennaSerial}/{fileName}`); the answer is the URL as text (spec 001 §7).
 */
export async function getDiagnosticFileUrl(
  filePath: string,
  signal?: AbortSignal,
): Promise<string> {
  const { blob } = await downloadApi(
    diagnosticsEndpoints.blobUrl,
    { body: { container: 'diagnostics', filePath, view: false } },
    signal ? { signal } : {},
  );
  return absoluteSignedUrl((await blob.text()).trim());
}

/** The signed URL of one file for the download page: asked once, never kept (it expires). */
export function getDiagnosticFileUrlQueryOptions(filePath: string) {
  return queryOptions({
    queryKey: ['diagnostics', 'signed-url', filePath] as const,
    queryFn: ({ signal }) => getDiagnosticFileUrl(filePath, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useDiagnosticFileUrl(filePath: string | null) {
  return useQuery({
    ...getDiagnosticFileUrlQueryOptions(filePath ?? ''),
    enabled: filePath !== null,
  });
}

/** Asks for a file's signed URL on demand (the browser's Download button). */
export function useDiagnosticFileUrlMutation() {
  return useMutation({ mutationFn: (filePath: string) => getDiagnosticFileUrl(filePath) });
}
