import { SEARCH_MIN_TERM_LENGTH, SEARCH_TERM_MAX_LENGTH } from '@aerie/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { usePageTitle } from '../../../lib/page-title';
import { routePath } from '../../../lib/route-paths';
import { useDocumentSearch } from '../api/search-documents';
import { ResourcesFrame } from '../components/resources-frame';
import { SearchResultCard } from '../components/search-result-card';
import { resourcesMessages as m } from '../messages';
import { useAppLink } from '../utils/links';
import { documentSearchSchema } from '../utils/resources-search';
import { DEFAULT_SORT, nextSort, sortResults, type SortField } from '../utils/sort-results';

function SortButton({
  field,
  label,
  sort,
  onSort,
}: {
  field: SortField;
  label: string;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  onSort: (field: SortField) => void;
}) {
  const active = sort.field === field;
  return (
    <Button
      size="compact-sm"
      variant={active ? 'light' : 'subtle'}
      aria-pressed={active}
      aria-label={active ? m.sortState(label, sort.direction) : label}
      rightSection={
        active ? <Icon name={sort.direction === 'asc' ? 'arrowUp' : 'arrowDown'} size={14} /> : null
      }
      onClick={() => onSort(field)}
    >
      {label}
    </Button>
  );
}

function Results({ term }: { term: string }) {
  const search = useDocumentSearch(term);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const sorted = useMemo(() => sortResults(search.data ?? [], sort), [search.data, sort]);

  if (search.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{m.searching}</Text>
      </Group>
    );
  }
  if (search.error) {
    return (
      <Alert color="red" role="alert">
        {search.error.message}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void search.refetch()}>
          {m.retry}
        </Button>
      </Alert>
    );
  }
  if (sorted.length === 0) return <Text>{m.noResults}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status">
          {m.resultCount(sorted.length)}
        </Text>
        <Group gap={4} role="group" aria-label={m.sortLabel}>
          <Text size="sm">{m.sortLabel}</Text>
          <SortButton
            field="title"
            label={m.sortTitle}
            sort={sort}
            onSort={(f) => setSort(nextSort(sort, f))}
          />
          <SortButton
            field="date"
            label={m.sortDate}
            sort={sort}
            onSort={(f) => setSort(nextSort(sort, f))}
          />
        </Group>
      </Group>
      {sorted.map((result) => (
        <SearchResultCard key={result.filePath} result={result} term={term} />
      ))}
    </Stack>
  );
}

/** `/resources/search?q=…` (documentationSearch, spec 002 "Search results page"). */
export function SearchPage() {
  const { q } = useSearch({
    strict: false,
    select: (s) => documentSearchSchema.parse(s),
    structuralSharing: true,
  });
  const appLink = useAppLink();
  const term = (q ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim();
  const searchable = term.length >= SEARCH_MIN_TERM_LENGTH;
  usePageTitle(searchable ? `${term} / ${m.title}` : null);
  const topics = routePath('documentationTopics');
  return (
    // A new term starts a new frame: the box shows the term searched for.
    <ResourcesFrame key={term} term={term}>
      <Stack gap="sm">
        <Anchor href={topics} onClick={appLink(topics)} w="fit-content">
          {m.backToTopics}
        </Anchor>
        {searchable ? (
          <>
            <Title order={2} size="h4">
              {m.searchTitle(term)}
            </Title>
            <Results key={term} term={term} />
          </>
        ) : (
          <Text>{m.typeMore}</Text>
        )}
      </Stack>
    </ResourcesFrame>
  );
}
