/**
 * Texts of the Search report (log viewer): the spec's, verbatim (spec 001 §2, §4, §5, §8),
 * then ours. The server's (log types required, refused patterns) come in its answers.
 */
export const logMessages = {
  name: 'Search',
  /** Spec 001 §2. */
  empty: 'No log entries found. Select log types and date range, then click "Search".',
  endMarker: 'No more entries to load',
  /** Spec 001 §5. */
  selectLogType: 'Please select at least one log type (Syslog or Debug) before searching.',
  waitForDates: 'Please wait for date range to load before searching.',
  noSearchTerm: 'No search term provided for finding more highlights',
  invalidDate: 'Invalid Date',
  /** Spec 001 §4. */
  busy: 'Please wait for current operation to complete...',
  /** Spec 001 §8: errors. */
  errors: {
    fetchDates: 'Error attempting to fetch date range.',
    dates: 'Error fetching date range.',
    page: (n: number, message: string) => `Error fetching page ${n}: ${message}`,
    init: (message: string) => `Error initializing log data: ${message}`,
    search: 'Error processing log search.',
    moreHighlights: 'Error searching for more highlights',
    download: 'Error downloading logs.',
    copy: 'Failed to copy to clipboard.',
  },
  /** Spec 001 §8: info and warnings. */
  info: {
    noMoreHighlights: 'No more highlights available',
    nothingToDownload: 'No log entries to download.',
    noPins: 'No pinned entries to copy.',
    pinNotPresent: 'Pinned entry is not present in current search results.',
  },
  /** Spec 001 §8: success. */
  success: {
    pinned: 'Log entry pinned',
    pinsCleared: 'All pins cleared',
    jumped: 'Jumped to pinned entry',
    moreHighlights: 'Found more highlights!',
    copied: 'Pinned log lines copied to clipboard!',
    downloaded: 'Downloaded logs.txt',
  },
  // Ours.
  logTypes: 'Log types',
  syslog: 'Syslog',
  debug: 'Debug',
  from: 'From (UTC)',
  to: 'To (UTC)',
  range: 'Date range',
  rangeStart: 'Start of the date range',
  rangeEnd: 'End of the date range',
  loadingDates: 'Loading the date range of the logs',
  noDates: 'These logs have no timestamps: every line is searched.',
  searchText: 'Search text or .NET regular expression',
  searchHint: 'Case-insensitive; (?-i) makes it case-sensitive.',
  mode: 'Mode',
  highlight: 'Highlight',
  filter: 'Filter',
  search: 'Search',
  download: 'Download',
  literal: (message: string) =>
    `Not a valid regular expression (${message}): searched for the text as typed.`,
  viewLabel: 'Log entries',
  loadingPage: 'Loading log entries',
  previousHighlight: 'Previous highlight',
  nextHighlight: 'Next highlight',
  highlightCount: (n: number) => `${n} highlighted in view`,
  pin: (line: string) => `Pin ${line}`,
  pins: 'Pinned entries',
  pinsEmpty: 'Pin lines to keep them here.',
  copyAll: 'Copy all',
  clearAll: 'Clear all',
  removePin: (line: string) => `Remove the pin of ${line}`,
  jumpTo: (line: string) => `Jump to ${line}`,
  moveUp: (line: string) => `Move ${line} up`,
  moveDown: (line: string) => `Move ${line} down`,
  dragHandle: 'Drag to reorder',
  where: (fileName: string, lineNumber: number) => `${fileName}:${lineNumber}`,
  truncated: 'The line is longer: only its beginning is shown.',
  types: { syslog: 'syslog', debug: 'debug' },
} as const;
