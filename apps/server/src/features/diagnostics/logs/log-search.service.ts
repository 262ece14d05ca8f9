import { Readable } from 'node:stream';
import {
  DIAGNOSTICS_MESSAGES as M,
  LOG_SEARCH_LIMITS as L,
  LOG_SEARCH_MESSAGES as LM,
  api,
  parseLogTypes,
  type DiagnosticReportQuery,
  type EndpointDefinition,
  type LogDateRange,
  type LogDatesQuery,
  type LogEntry,
  type LogSearchPage,
  type LogSearchPattern,
  type LogSearchQuery,
  type LogType,
} from '@aerie/contract';
import {
  compileSearchPattern,
  fullLineMatches,
  isPatternError,
  LineMatcher,
  LineTimeParser,
  mergeSplits,
  type LogLine,
  type SearchPattern,
} from '@aerie/logsearch';
import type { Principal } from '../../../plugins/auth.js';
import { BadRequestError, HttpError } from '../../../plugins/errors.js';
import type { DiagnosticFileRow } from '../diagnostics.repository.js';
import { presentLogEntry } from './log-search.presenter.js';
import {
  lineSource,
  matchesInRange,
  matchSource,
  mergedLines,
  mergedPosition,
  type LogRange,
  type LogSource,
} from './log-sources.js';
import { threadScan, type LogScan } from './log-scan.js';
import type { LogStore, OpenLogs } from './log-store.js';
import type { MatchCache, MatchList } from './match-cache.js';
import type { ScanPool } from './scan-pool.js';

export interface LogSearchServiceDeps {
  store: LogStore;
  matches: MatchCache;
  /** The scan workers; null: filter searches run on this thread. */
  scans: ScanPool | null;
  /** The Ready file of a report query: 400 for a bad path, 404, 403, 409 as every report. */
  readyFile(
    principal: Principal,
    endpoint: EndpointDefinition,
    query: DiagnosticReportQuery,
  ): Promise<DiagnosticFileRow>;
  log: { error(obj: object, msg: string): void };
}

/** A search pattern of the query, compiled; null when the query has none. */
interface Search {
  pattern: SearchPattern;
  info: LogSearchPattern;
}

function compile(text: string | undefined, field: 'filter' | 'highlight'): Search | null {
  if (text === undefined || text === '') return null;
  try {
    const pattern = compileSearchPattern(text, { maxLength: L.maxPatternLength });
    return { pattern, info: { text, mode: pattern.mode, message: pattern.syntaxError } };
  } catch (error) {
    if (isPatternError(error)) throw new BadRequestError(error.message, field);
    throw error;
  }
}

function requireTypes(value: string | undefined, required: boolean): LogType[] {
  const types = parseLogTypes(value);
  if (!Array.isArray(types))
    throw new BadRequestError(LM.unknownLogType(types.unknown), 'logTypes');
  if (types.length === 0) {
    if (required) throw new BadRequestError(LM.logTypesRequired, 'logTypes');
    return ['syslog', 'debug'];
  }
  // The merge's order on equal times: syslog before debug, whatever order they were named in.
  return (['syslog', 'debug'] as const).filter((t) => types.includes(t));
}

/** A page of the answer: the lines and which are highlighted. */
interface PageLine {
  line: LogLine;
  type: LogType;
  isHighlight: boolean;
}

/** What a request works with: its logs' ranges and patterns. */
interface Context {
  file: DiagnosticFileRow;
  logs: OpenLogs;
  ranges: LogRange[];
  filter: Search | null;
  highlight: Search | null;
  signal: AbortSignal | undefined;
  /** Match lists in use, released at the end. */
  lists: MatchList[];
}

/**
 * The Search report's log search (spec 001 §4 "Log search", §7; decision 042): pages of the
 * chosen logs' lines merged in time order, marked or filtered by .NET-style patterns, found
 * through the line indexes and the cached match lists rather than by reading from the start.
 */
export function createLogSearchService(deps: LogSearchServiceDeps) {
  const parser = () => new LineTimeParser();

  async function rangesOf(
    logs: OpenLogs,
    types: LogType[],
    from: number,
    to: number,
  ): Promise<LogRange[]> {
    const ranges: LogRange[] = [];
    for (const type of types) {
      const seq = logs.sequences.get(type);
      if (!seq || seq.lineCount === 0) continue;
      const lo = Number.isNaN(from) ? 0 : await seq.firstLineFrom(from);
      const hi = Number.isNaN(to) ? seq.lineCount : await seq.firstLineFrom(to, true);
      ranges.push({ type, seq, lo, hi: Math.max(lo, hi) });
    }
    return ranges;
  }

  /** Whether a line matches, reading the whole of it when the page shows it cut short. */
  async function lineMatches(matcher: LineMatcher, line: LogLine): Promise<boolean> {
    if (line.length <= line.bytes.length)
      return matcher.lineMatches(line.bytes, 0, line.bytes.length);
    return fullLineMatches(line.file, matcher, line.offset, line.offset + line.length);
  }

  /** A log's search for a pattern: on the scan workers when they can read its files. */
  function scanOf(ctx: Context, range: LogRange, search: Search): LogScan {
    const files = ctx.logs.local.get(range.type);
    if (deps.scans && files && deps.scans.available()) {
      return deps.scans.scan(range.seq, files, {
        source: search.pattern.source,
        maxLength: L.maxPatternLength,
      });
    }
    return threadScan(range.seq, new LineMatcher(search.pattern));
  }

  /**
   * The matches of `search` in each range (from `from(u)` of range u), searched until there are
   * `need` of them: the logs at once. Every list acquired is released with the request.
   */
  async function matchesOf(
    ctx: Context,
    search: Search,
    need: number,
    from: (u: number) => number = (u) => (ctx.ranges[u] as LogRange).lo,
  ) {
    const settled = await Promise.allSettled(
      ctx.ranges.map((range, u) => {
        const sub: LogRange = { ...range, lo: from(u) };
        return matchesInRange(
          deps.matches,
          ctx.file.id,
          sub,
          search.pattern.source,
          scanOf(ctx, range, search),
          need,
          ctx.signal,
        );
      }),
    );
    for (const s of settled) if (s.status === 'fulfilled') ctx.lists.push(s.value.list);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map(
      (s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof matchesInRange>>>).value,
    );
  }

  /** The sources of the ranges: every line, or the filter's matches (searched up to `need` each). */
  async function sourcesOf(ctx: Context, need: number): Promise<LogSource[]> {
    if (!ctx.filter) return ctx.ranges.map((r) => lineSource(r, L.maxLineBytes));
    const found = await matchesOf(ctx, ctx.filter, need);
    return ctx.ranges.map((range, u) => {
      const m = found[u] as (typeof found)[number];
      return matchSource(range, m.list, m.first, m.count, L.maxLineBytes);
    });
  }

  /** Lines [k, k + size) of the merged answer. */
  async function linesAt(
    ctx: Context,
    sources: LogSource[],
    k: number,
    size: number,
  ): Promise<PageLine[]> {
    const starts = await mergeSplits(k, sources);
    const hl = ctx.highlight ? new LineMatcher(ctx.highlight.pattern) : null;
    const out: PageLine[] = [];
    for await (const { source, line } of mergedLines(sources, starts, size)) {
      out.push({
        line,
        type: source.range.type,
        isHighlight: hl ? await lineMatches(hl, line) : false,
      });
      if (out.length >= size) break;
    }
    return out;
  }

  /**
   * The page from `page` on holding a highlighted line: found through the highlight's match
   * lists from the page's first line of each log (every line mode).
   */
  async function pageWithHighlight(
    ctx: Context,
    sources: LogSource[],
    page: number,
    size: number,
  ): Promise<number> {
    const highlight = ctx.highlight as Search;
    const starts = await mergeSplits((page - 1) * size, sources);
    let best = Infinity;
    const found = await matchesOf(
      ctx,
      highlight,
      1,
      (u) => (ctx.ranges[u] as LogRange).lo + (starts[u] as number),
    );
    for (const [u, m] of found.entries()) {
      if (m.count === 0) continue;
      const first = await m.list.record(m.first);
      best = Math.min(best, await mergedPosition(ctx.ranges, u, first.line, first.time));
    }
    return Number.isFinite(best) ? Math.floor(best / size) + 1 : page;
  }

  function present(ctx: Context, lines: PageLine[], page: number): LogEntry[] {
    const marks = ctx.highlight ?? ctx.filter;
    const matcher = marks ? new LineMatcher(marks.pattern) : null;
    const p = parser();
    return lines.map((l) =>
      presentLogEntry(l.line, {
        type: l.type,
        page,
        isHighlight: l.isHighlight,
        marks: matcher,
        parser: p,
      }),
    );
  }

  async function onePage(
    ctx: Context,
    page: number,
    size: number,
    requireHighlight: boolean,
  ): Promise<LogSearchPage> {
    const header = {
      pageSize: size,
      highlight: ctx.highlight?.info ?? null,
      filter: ctx.filter?.info ?? null,
    };
    let p = page;
    let sources = await sourcesOf(ctx, p * size);
    if (requireHighlight && ctx.highlight && !ctx.filter) {
      p = await pageWithHighlight(ctx, sources, p, size);
    }
    let lines = await linesAt(ctx, sources, (p - 1) * size, size);
    if (requireHighlight && ctx.highlight && ctx.filter) {
      // Filtered lines: page on until one is highlighted (or the matches run out).
      while (lines.length > 0 && !lines.some((l) => l.isHighlight)) {
        ctx.signal?.throwIfAborted();
        p++;
        sources = await sourcesOf(ctx, p * size);
        lines = await linesAt(ctx, sources, (p - 1) * size, size);
      }
      if (lines.length === 0) {
        p = page;
        lines = await linesAt(ctx, sources, (p - 1) * size, size);
      }
    }
    return { entries: present(ctx, lines, p), updatedPage: p, ...header };
  }

  /** Every entry, as JSON text streamed a batch at a time (pageSize -1, the Download). */
  async function* allPages(ctx: Context): AsyncGenerator<string> {
    const sources = await sourcesOf(ctx, Infinity);
    const hl = ctx.highlight ? new LineMatcher(ctx.highlight.pattern) : null;
    const header = {
      updatedPage: 1,
      pageSize: L.allPages,
      highlight: ctx.highlight?.info ?? null,
      filter: ctx.filter?.info ?? null,
    };
    yield '{"entries":[';
    let batch: PageLine[] = [];
    let first = true;
    const flush = () => {
      const text = present(ctx, batch, 1)
        .map((e) => JSON.stringify(e))
        .join(',');
      const out = (first || text === '' ? '' : ',') + text;
      if (text !== '') first = false;
      batch = [];
      return out;
    };
    for await (const { source, line } of mergedLines(
      sources,
      sources.map(() => 0),
      1000,
    )) {
      ctx.signal?.throwIfAborted();
      batch.push({
        line,
        type: source.range.type,
        isHighlight: hl ? await lineMatches(hl, line) : false,
      });
      if (batch.length >= 1000) yield flush();
    }
    yield flush();
    yield `],${JSON.stringify(header).slice(1)}`;
  }

  function unableTo(message: string) {
    return (error: unknown): never => {
      if (error instanceof HttpError || (error instanceof Error && error.name === 'AbortError'))
        throw error;
      deps.log.error({ err: error }, message);
      throw new HttpError(500, message);
    };
  }

  async function release(logs: OpenLogs, ctx: Context | null): Promise<void> {
    logs.release();
    for (const list of ctx?.lists ?? []) await deps.matches.release(list);
  }

  return {
    /** `GET /v1/diagnostics/reports/syslog`: a page, or every entry streamed (pageSize -1). */
    async search(
      principal: Principal,
      q: LogSearchQuery,
      signal?: AbortSignal,
    ): Promise<LogSearchPage | Readable> {
      const types = requireTypes(q.logTypes, true);
      const from = q.fromDate ? Date.parse(q.fromDate) : Number.NaN;
      const to = q.toDate ? Date.parse(q.toDate) : Number.NaN;
      if (from > to) throw new BadRequestError(LM.datesOutOfOrder, 'fromDate');
      const filter = compile(q.filter, 'filter');
      const highlight = compile(q.highlight, 'highlight');
      const file = await deps.readyFile(principal, api.diagnostics.syslog, q);
      const logs = await deps.store.acquire(file).catch(unableTo(M.unableToFetch.log));
      let ctx: Context | null = null;
      let streaming = false;
      try {
        ctx = {
          file,
          logs,
          ranges: await rangesOf(logs, types, from, to),
          filter,
          highlight,
          signal,
          lists: [],
        };
        if (q.pageSize === L.allPages) {
          const c = ctx;
          streaming = true;
          const stream = Readable.from(
            (async function* () {
              try {
                yield* allPages(c);
              } finally {
                await release(logs, c);
              }
            })(),
          );
          return stream;
        }
        return await onePage(ctx, q.pageNumber, q.pageSize, q.requireHighlight ?? false);
      } catch (error) {
        return unableTo(M.unableToFetch.log)(error);
      } finally {
        if (!streaming) await release(logs, ctx);
      }
    },

    /** `GET /v1/diagnostics/reports/syslog/dates`: MinDate and MaxDate of the chosen logs. */
    async dates(principal: Principal, q: LogDatesQuery): Promise<LogDateRange> {
      const types = requireTypes(q.logTypes, false);
      const file = await deps.readyFile(principal, api.diagnostics.syslogDates, q);
      // The viewer asks for the dates when it opens: searches are likely to follow.
      deps.scans?.warm();
      const logs = await deps.store.acquire(file).catch(unableTo(M.unableToFetch.syslogDates));
      try {
        let min = Infinity;
        let max = -Infinity;
        for (const type of types) {
          const seq = logs.sequences.get(type);
          if (!seq || seq.lineCount === 0 || Number.isNaN(seq.firstTime)) continue;
          min = Math.min(min, seq.firstTime);
          max = Math.max(max, seq.lastTime);
        }
        const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : null);
        return { MinDate: iso(min), MaxDate: iso(max) };
      } finally {
        logs.release();
      }
    },
  };
}
export type LogSearchService = ReturnType<typeof createLogSearchService>;
