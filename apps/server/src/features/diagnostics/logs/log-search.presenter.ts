import type { LogEntry, LogType } from '@aerie/contract';
import { type LineTimeParser, type LineMatcher, type LogLine } from '@aerie/logsearch';

/** Highlights shown per line at most. */
const MAX_SPANS = 200;

/** The bytes without a UTF-8 sequence cut short at their end (a line cut at the cap). */
function wholeCharacters(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Back to the start of the last sequence, then keep it only if it is complete.
  let k = end - 1;
  while (k >= 0 && k > end - 4 && ((bytes[k] as number) & 0xc0) === 0x80) k--;
  if (k < 0) return bytes;
  const lead = bytes[k] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (end - k < need) end = k;
  return bytes.subarray(0, end);
}

/**
 * UTF-16 offsets of ascending byte offsets of UTF-8 text, as a TextDecoder would count the
 * characters (a 4-byte sequence is two code units; an invalid byte one replacement character).
 */
function utf16Offsets(bytes: Buffer, offsets: number[]): number[] {
  const out: number[] = [];
  let units = 0;
  let i = 0;
  for (const target of offsets) {
    while (i < target && i < bytes.length) {
      const b = bytes[i] as number;
      const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      units += n === 4 ? 2 : 1;
      i += n;
    }
    out.push(units);
  }
  return out;
}

/** The time shown for a line: its own when it has one, else the one it inherits; null when none. */
function lineDate(parser: LineTimeParser, line: LogLine): string | null {
  const own = parser.parse(line.bytes, 0, Math.min(line.bytes.length, 64));
  const t = Number.isNaN(own) ? line.time : own;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

export interface PresentOptions {
  type: LogType;
  page: number;
  isHighlight: boolean;
  /** The pattern whose matches are marked (the highlight's, else the filter's). */
  marks: LineMatcher | null;
  parser: LineTimeParser;
}

/** A line of a log as the Search report shows it: its text as text, never markup. */
export function presentLogEntry(line: LogLine, options: PresentOptions): LogEntry {
  const bytes = line.length > line.bytes.length ? wholeCharacters(line.bytes) : line.bytes;
  const spans = options.marks ? options.marks.spans(bytes, 0, bytes.length, MAX_SPANS) : [];
  const flat = utf16Offsets(
    bytes,
    spans.flatMap(([s, e]) => [s, e]),
  );
  const highlights: [number, number][] = [];
  for (let k = 0; k + 1 < flat.length; k += 2) {
    if ((flat[k + 1] as number) > (flat[k] as number))
      highlights.push([flat[k] as number, flat[k + 1] as number]);
  }
  return {
    lineContent: bytes.toString('utf8'),
    fileName: line.fileName,
    lineNumber: line.lineNumber,
    lineDate: lineDate(options.parser, line),
    isHighlight: options.isHighlight,
    updatedPage: options.page,
    logType: options.type,
    highlights,
    truncated: line.length > bytes.length,
  };
}
