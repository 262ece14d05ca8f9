import {
  resourcesEndpoints,
  type DocumentBlob,
  type DocumentContainer,
  type DocumentList,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Pages of the listing one folder tree may take (1000 files each): far beyond a real topic. */
const MAX_PAGES = 20;

/** `GET /v2/storage/blob/list?container=&prefix=&after=` (fetchStorageFiles, spec 002 §7). */
export function getDocumentList(
  container: DocumentContainer,
  prefix: string,
  after: string | null,
  signal?: AbortSignal,
): Promise<DocumentList> {
  return callApi(
    resourcesEndpoints.list,
    { query: { container, prefix, ...(after ? { after } : {}) } },
    signal ? { signal } : {},
  );
}

/** Every file under a topic's folder, page after page (the browser derives the folders). */
export async function getFolderTree(
  container: DocumentContainer,
  prefix: string,
  signal?: AbortSignal,
): Promise<DocumentBlob[]> {
  const files: DocumentBlob[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const list: DocumentList = await getDocumentList(container, prefix, after, signal);
    files.push(...list.items);
    after = list.next;
    if (after === null) break;
  }
  return files;
}

export function folderTreeQueryOptions(container: DocumentContainer, prefix: string) {
  return queryOptions({
    queryKey: ['resources', 'tree', container, prefix] as const,
    queryFn: ({ signal }) => getFolderTree(container, prefix, signal),
    staleTime: 60_000,
  });
}

/** The files of a topic: every folder of it opens without another call. */
export function useFolderTree(root: { container: DocumentContainer; folder: string } | null) {
  return useQuery({
    ...folderTreeQueryOptions(root?.container ?? 'documents', root?.folder ?? ''),
    enabled: root !== null,
  });
}
