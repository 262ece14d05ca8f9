/**
 * @aerie/logsearch: searching antenna logs (docs/decisions/042-log-search.md). A linear-time
 * regular expression engine over UTF-8 bytes for .NET-style patterns, the line index of a log
 * file (line offsets and times) that finds any page without reading from the start, and the
 * scans and merges of logs made of rotated files.
 */
export {
  PatternError,
  isPatternError,
  PATTERN_MESSAGES,
  type PatternErrorCode,
} from './regex/errors.js';
export {
  compileSearchPattern,
  contentEnd,
  LineMatcher,
  MAX_PATTERN_LENGTH,
  type PatternOptions,
  type SearchPattern,
} from './regex/matcher.js';
export { byteFrequencies, type Prefilter } from './regex/prefilter.js';
export type { Span } from './regex/pike-vm.js';
export { LineTimeParser } from './line-index/timestamps.js';
export {
  LineIndexBuilder,
  lineIndexBytes,
  type LineIndexOptions,
  type LineIndexSummary,
} from './line-index/writer.js';
export {
  LineIndex,
  LineIndexError,
  readAt,
  type LineRecords,
  type RandomAccess,
} from './line-index/reader.js';
export { LogSequence, orderTime, type LogFile, type LogLine } from './log/sequence.js';
export { fullLineMatches, scanMatches, type OnMatch, type ScanOptions } from './log/scan.js';
export { mergeByTime, mergeSplits, type TimeOrdered } from './log/merge.js';
