import { diagnosticsEndpoints, parseDocumentPath } from '@aerie/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiBaseUrl, downloadApi } from '../../../lib/api-client';

/** A signed URL as the browser can open it: a path of the API gets the API's address. */
function absoluteUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${apiBaseUrl()}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * `POST /v2/storage/blob` for a library file: a short-lived signed URL, as text (spec 002 §7);
 * `view` opens a PDF in the browser, otherwise the file downloads.
 */
export async function getDocumentUrl(
  path: string,
  view: boolean,
  signal?: AbortSignal,
): Promise<string> {
  const at = parseDocumentPath(path);
  if (!at.ok) throw new Error(at.message);
  const { blob } = await downloadApi(
    diagnosticsEndpoints.blobUrl,
    { body: { container: at.container, filePath: at.path, view } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
  return absoluteUrl((await blob.text()).trim());
}

/** The download page's URL: asked once, never kept (it expires). */
export function useDocumentUrl(path: string, view: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['resources', 'signed-url', path, view] as const,
      queryFn: ({ signal }) => getDocumentUrl(path, view, signal),
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
  );
}

/** A file's URL on demand (the Download File buttons). */
export function useDocumentUrlMutation() {
  return useMutation({
    mutationFn: ({ path, view }: { path: string; view: boolean }) => getDocumentUrl(path, view),
  });
}
