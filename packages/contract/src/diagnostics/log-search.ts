import { z } from 'zod';
import { diagnosticReportQuerySchema } from './diagnostics.js';

/**
 * The Search report (log viewer) of a diagnostic bundle: spec 001 §2 "Search report", §3 "Log
 * entry", §4 "Log search", §5, §7 `GET /v1/diagnostics/reports/syslog` and `…/syslog/dates`,
 * §8, §9; docs/decisions/042-log-search.md.
 */

/** The logs of a bundle the viewer searches (docs/formats/kdp.md "Contents"). */
export const logTypes = ['syslog', 'debug'] as const;
export const logTypeSchema = z.enum(logTypes);
export type LogType = z.infer<typeof logTypeSchema>;

export const LOG_SEARCH_LIMITS = {
  /** Spec 001 §9: the viewer's page. */
  pageSize: 100,
  /** Spec 001 §9: "syslog default page size in the service call 50". */
  defaultPageSize: 50,
  /** Spec 001 §7: `pageSize=-1` answers every entry (streamed). */
  allPages: -1,
  maxPageSize: 1000,
  maxPageNumber: 10_000_000,
  /** The longest search pattern (longer ones: 400). */
  maxPatternLength: 1000,
  /** A line's text is cut at this many UTF-8 bytes in an answer (`truncated`). */
  maxLineBytes: 16 * 1024,
} as const;

/** The server's texts of the log search (the spec's, then ours; decision 042). */
export const LOG_SEARCH_MESSAGES = {
  /** Spec 001 §5: the syslog call without log types. */
  logTypesRequired: 'Invalid arguments. Log types are required',
  unknownLogType: (value: string) =>
    `Unknown log type "${value}": log types are ${logTypes.join(' and ')}, comma-separated.`,
  datesOutOfOrder: 'fromDate must not be after toDate.',
  pageSizeInvalid: `pageSize must be from 1 to ${LOG_SEARCH_LIMITS.maxPageSize}, or -1 for every entry.`,
} as const;

/** A query flag written `true` or `false` (any case). */
const queryFlag = z
  .string()
  .regex(/^(true|false)$/i, 'expected true or false')
  .transform((v) => v.toLowerCase() === 'true');

const isoDateTime = z.iso.datetime({ offset: true });

/** Search texts: bounded here (input), held to maxPatternLength by the search (its own 400). */
const searchText = z.string().max(4 * LOG_SEARCH_LIMITS.maxPatternLength);

/** `GET /v1/diagnostics/reports/syslog` (spec 001 §7). */
export const logSearchQuerySchema = diagnosticReportQuerySchema.extend({
  /** Comma-separated `syslog`, `debug` (any case); required (checked by the service, §5). */
  logTypes: z.string().max(100).optional(),
  /** Marks matching lines (`isHighlight`) among every line of the range. */
  highlight: searchText.optional(),
  /** Only lines that match, paged over the matches. */
  filter: searchText.optional(),
  /** Answer the first page from pageNumber on that holds a highlighted line (`updatedPage`). */
  requireHighlight: queryFlag.optional(),
  pageNumber: z.coerce.number().int().min(1).max(LOG_SEARCH_LIMITS.maxPageNumber).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => n === LOG_SEARCH_LIMITS.allPages || (n >= 1 && n <= LOG_SEARCH_LIMITS.maxPageSize),
      LOG_SEARCH_MESSAGES.pageSizeInvalid,
    )
    .default(LOG_SEARCH_LIMITS.defaultPageSize),
  fromDate: isoDateTime.optional(),
  toDate: isoDateTime.optional(),
});
export type LogSearchQuery = z.infer<typeof logSearchQuerySchema>;
export type LogSearchQueryInput = z.input<typeof logSearchQuerySchema>;

/** "Log entry" of spec 001 §3, with what the viewer needs to mark and order it. */
export const logEntrySchema = z.object({
  /** The line's text (UTF-8, invalid bytes replaced), without its line feed; never HTML. */
  lineContent: z.string(),
  /** The file of the bundle it is in (`logs/syslog.0`). */
  fileName: z.string(),
  /** 1-based, in its file. */
  lineNumber: z.number().int().min(1),
  /** The line's time (a line without one has the time of the line before it); null: none. */
  lineDate: isoDateTime.nullable(),
  /** Whether the highlight pattern matches the line. */
  isHighlight: z.boolean(),
  /** The page the entry is on (`updatedPage` of the answer). */
  updatedPage: z.number().int().min(1),
  logType: logTypeSchema,
  /** Where the search matches in lineContent: [start, end) in UTF-16 code units. */
  highlights: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  /** The line is longer than lineContent (cut at maxLineBytes). */
  truncated: z.boolean(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** How a search text was read (spec 001 §5: an invalid regex falls back to the text as typed). */
export const logSearchPatternSchema = z.object({
  text: z.string(),
  mode: z.enum(['regex', 'literal']),
  /** Why it was searched as typed (the regular expression's syntax error). */
  message: z.string().nullable(),
});
export type LogSearchPattern = z.infer<typeof logSearchPatternSchema>;

/** The answer of `GET /v1/diagnostics/reports/syslog`: a page of entries in time order. */
export const logSearchPageSchema = z.object({
  entries: z.array(logEntrySchema),
  /** The page answered: pageNumber, or the first page after it holding a highlight. */
  updatedPage: z.number().int().min(1),
  pageSize: z.number().int(),
  highlight: logSearchPatternSchema.nullable(),
  filter: logSearchPatternSchema.nullable(),
});
export type LogSearchPage = z.infer<typeof logSearchPageSchema>;

/** `GET /v1/diagnostics/reports/syslog/dates`: optional log types (default both). */
export const logDatesQuerySchema = diagnosticReportQuerySchema.extend({
  logTypes: z.string().max(100).optional(),
});
export type LogDatesQuery = z.infer<typeof logDatesQuerySchema>;

/** The first and last time of the logs (spec 001 §3 "Date range: MinDate and MaxDate"). */
export const logDateRangeSchema = z.object({
  MinDate: isoDateTime.nullable(),
  MaxDate: isoDateTime.nullable(),
});
export type LogDateRange = z.infer<typeof logDateRangeSchema>;

/** The log types of a `logTypes` value, or the unknown one it names; [] for none. */
export function parseLogTypes(value: string | undefined): LogType[] | { unknown: string } {
  const out: LogType[] = [];
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    const type = logTypes.find((t) => t === name);
    if (!type) return { unknown: raw.trim() };
    if (!out.includes(type)) out.push(type);
  }
  return out;
}
