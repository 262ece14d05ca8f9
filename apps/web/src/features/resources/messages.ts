import { RESOURCES_MESSAGES as R } from '@aerie/contract';

/**
 * Texts of the Resources pages (spec 002 "Resources and documentation", §8). The spec's own
 * strings come from the contract's RESOURCES_MESSAGES, verbatim ("retreive" included); the rest
 * are ours.
 */
export const resourcesMessages = {
  ...R,
  title: 'Resources',
  searchLabel: 'Search documents',
  searchPlaceholder: 'Search documents and software',
  searchSubmit: 'Search',
  typeMore: 'Type at least 3 characters to search.',
  topicsTitle: 'Documentation Topics',
  topicsLabel: 'Topics',
  topicOpen: (topic: string) => `Open ${topic}`,
  breadcrumbsLabel: 'Folder path',
  tableLabel: (folder: string) => `Files in ${folder}`,
  columns: {
    type: 'Type',
    title: 'Title',
    modified: 'Modified',
    size: 'Size',
    md5: 'Md5Sum',
    actions: 'Actions',
  },
  folderType: 'Folder',
  loadingFolder: 'Loading the folder',
  copyLink: 'Copy Link',
  viewFile: 'View File',
  downloadFile: 'Download File',
  // The visible text first: an accessible name holds what the button shows (WCAG 2.5.3).
  copyLinkOf: (name: string) => `Copy Link: ${name}`,
  viewFileOf: (name: string) => `View File: ${name}`,
  downloadFileOf: (name: string) => `Download File: ${name}`,
  openFolder: (name: string) => `Open the folder ${name}`,
  copyFailed: 'The link could not be copied. Copy it from the address bar instead.',
  backToResults: 'Back to search results',
  searchTitle: (q: string) => `Results for “${q}”`,
  resultCount: (n: number) => (n === 1 ? '1 document' : `${n} documents`),
  sortLabel: 'Sort by',
  sortTitle: 'Title',
  sortDate: 'Date',
  sortState: (field: string, direction: 'asc' | 'desc') =>
    `${field}, ${direction === 'asc' ? 'ascending' : 'descending'}`,
  matches: 'Matches in the text',
  tagMatches: 'Matching tags',
  size: 'Size',
  date: 'Date',
  retry: 'Try again',
} as const;
