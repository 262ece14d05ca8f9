import type { DocumentSearchResult } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, nextSort, sortResults } from './sort-results';

const result = (title: string, date: string, fileName = `${title}.pdf`): DocumentSearchResult => ({
  fileName,
  filePath: `/documents/X/${fileName}`,
  fileSize: 1,
  contentType: 'application/pdf',
  title,
  description: null,
  date,
  highlights: { content: [], tags: [] },
});

describe('sorting the search results (spec 002 "Search results page")', () => {
  const results = [
    result('Bravo', '2026-10-01T00:00:00.000Z'),
    result('alpha', '2026-12-01T00:00:00.000Z'),
    result('Charlie 10', '2026-11-01T00:00:00.000Z'),
    result('Charlie 9', '2026-11-01T00:00:00.000Z'),
  ];
  const titles = (sort: Parameters<typeof sortResults>[1]) =>
    sortResults(results, sort).map((r) => r.title);

  it('starts by date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ field: 'date', direction: 'desc' });
    expect(titles(DEFAULT_SORT)).toEqual(['alpha', 'Charlie 9', 'Charlie 10', 'Bravo']);
  });

  it('sorts ascending on the first click of a button and toggles on the next', () => {
    const byTitle = nextSort(DEFAULT_SORT, 'title');
    expect(byTitle).toEqual({ field: 'title', direction: 'asc' });
    expect(titles(byTitle)).toEqual(['alpha', 'Bravo', 'Charlie 9', 'Charlie 10']);
    expect(nextSort(byTitle, 'title')).toEqual({ field: 'title', direction: 'desc' });
    const byDate = nextSort(byTitle, 'date');
    expect(byDate).toEqual({ field: 'date', direction: 'asc' });
    expect(titles(byDate)[0]).toBe('Bravo');
    expect(nextSort(byDate, 'date')).toEqual(DEFAULT_SORT);
  });
});
