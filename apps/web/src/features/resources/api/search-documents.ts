import {
  DOCUMENT_SEARCH_MAX_RESULTS,
  searchEndpoints,
  type DocumentSearchResult,
} from '@aerie/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * `GET /v2/search?searchTerm=&maxResults=999` (spec 002 §7): the documents matching a term,
 * one per file name (the server removes the duplicates), best first.
 */
export async function searchDocuments(
  term: string,
  signal?: AbortSignal,
): Promise<DocumentSearchResult[]> {
  const answer = await callApi(
    searchEndpoints.autocomplete,
    { query: { searchTerm: term, maxResults: DOCUMENT_SEARCH_MAX_RESULTS } },
    signal ? { signal } : {},
  );
  if (!('documents' in answer)) throw new Error('The search did not answer documents.');
  return answer.documents;
}

export function useDocumentSearch(term: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['resources', 'search', term ?? ''] as const,
      queryFn: ({ signal }) => searchDocuments(term ?? '', signal),
      staleTime: 60_000,
    }),
    enabled: term !== null,
  });
}
