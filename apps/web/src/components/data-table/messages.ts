import { formatCount } from '../../lib/format-count';
/** Texts of the shared table parts: pager, sortable headers and the column editor. */
export const dataTableMessages = {
  rowsPerPage: 'Rows per page',
  range: (from: number, to: number, total: number) =>
    `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`,
  pagination: 'Pages',
  page: (page: number) => `Page ${page}`,
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  sortBy: (label: string) => `Sort by ${label}`,
  sortedAscending: 'sorted ascending',
  sortedDescending: 'sorted descending',
  loading: 'Loading',
  editor: {
    noTable: 'Open a list to choose its columns.',
    pageSize: 'Page size',
    columns: 'Columns',
    columnsHelp: 'Choose the columns to show and their order.',
    show: (label: string) => `Show ${label}`,
    alwaysShown: 'Always shown',
    moveUp: (label: string) => `Move ${label} up`,
    moveDown: (label: string) => `Move ${label} down`,
    moved: (label: string, position: number, count: number) =>
      `${label} moved to position ${position} of ${count}.`,
    reset: 'Reset to defaults',
    saving: 'Saving…',
    saved: 'Saved to your settings.',
    saveFailed: 'Your list settings could not be saved.',
  },
} as const;
