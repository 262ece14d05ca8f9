import { SEARCH_AUTOCOMPLETE_TAKE, searchEndpoints, type SearchResults } from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/search?searchTerm=&take=10` (runAutoSearch, spec 000 §7): the groups. */
export async function getSearchResults(term: string, signal?: AbortSignal): Promise<SearchResults> {
  const answer = await callApi(
    searchEndpoints.autocomplete,
    { query: { searchTerm: term, take: SEARCH_AUTOCOMPLETE_TAKE } },
    signal ? { signal } : {},
  );
  // Only a call with maxResults answers the document search's shape.
  if ('documents' in answer) throw new Error('The search answered documents, not groups.');
  return answer;
}

export function searchResultsQueryOptions(term: string) {
  return queryOptions({
    queryKey: ['search', term],
    queryFn: ({ signal }) => getSearchResults(term, signal),
    // A term typed again within a minute answers from memory.
    staleTime: 60_000,
  });
}

/** The results of `term`, or nothing while it is null (too short, or still being typed). */
export function useSearchResults(term: string | null) {
  return useQuery({
    ...searchResultsQueryOptions(term ?? ''),
    enabled: term !== null,
    // The previous results stay while the next term's arrive (no flash of an empty list).
    placeholderData: keepPreviousData,
  });
}
