/**
 * A realistic bundle's content for one antenna, generated from a seed (docs/formats/kdp.md,
 * "Generator"): the entries, in the writer's entry type, for `createBundleWriter`. Long files are
 * streamed: each is generated twice, once to count its bytes (tar writes the size first) and
 * once as its body, so no file is ever held in memory whatever its length.
 */
import type { BundleEntryInput } from '../bundle.js';
import {
  AIM_CSV_ENTRIES,
  BLOCKAGE_ZONES_ENTRY,
  DEBUG_LOG_ENTRIES,
  METRICS_ENTRIES,
  POST_ENTRIES,
  SYSLOG_ENTRIES,
} from '../entries.js';
import {
  bistStartMs,
  chooseFailures,
  overviewFiles,
  postReport,
  reportTimes,
  type RunInfo,
} from './reports.js';
import { buildScenario, type Scenario, type ScenarioOptions } from './scenario.js';
import { aimLines, logEvents, logLines, metricLines, splitRange, zoneLines } from './series.js';

export { BIST_CASE_COUNT } from './reports.js';
export { buildScenario, inZone, componentSerials, type BlockageZone } from './scenario.js';

export interface GenerateOptions {
  antennaSerial: string;
  /** When the bundle is taken; tracking ends a few minutes before. */
  takenAt: Date;
  /** Seed of everything random: the same seed gives the same content. Default 1. */
  seed?: number;
  /** Hours of tracking records, one a second (default 6). */
  trackingHours?: number;
  /** Lines of syslog and debug log together (default 100 000; 30% syslog). */
  logLines?: number;
  /**
   * Lines a log file holds before it is rotated (default 200 000): syslog and debug log are
   * written as `name`, `name.0` … `name.4`, the current file the newest.
   */
  logLinesPerFile?: number;
  /** Failing test cases in the latest self-test report (default 0). */
  bistFailures?: number;
  /** How many of tests/post, tests/post.0 … post.9 exist (0 to 11, default 11). */
  postRuns?: number;
  /**
   * What the antenna reports about itself, when it should match a known device (the demo
   * data): part serials, software version and enabled feature codes. Made up from the seed
   * when not given.
   */
  components?: ScenarioOptions['components'];
  softwareVersion?: string;
  enabledFeatures?: readonly string[];
}

const BATCH_CHARS = 64 * 1024;

/** Lines joined with LF (one after every line), in pieces of about 64 KiB. */
function* textChunks(lines: Iterable<string>): Generator<Buffer> {
  let pending = '';
  for (const line of lines) {
    pending += `${line}\n`;
    if (pending.length >= BATCH_CHARS) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending.length > 0) yield Buffer.from(pending, 'utf8');
}

/** An entry streamed from `lines()`: counted once for its size, generated again as its body. */
function streamedEntry(path: string, mtime: Date, lines: () => Iterable<string>): BundleEntryInput {
  let size = 0;
  for (const chunk of textChunks(lines())) size += chunk.length;
  async function* body(): AsyncGenerator<Buffer> {
    yield* textChunks(lines());
  }
  return { path, size, mtime, body: body() };
}

function check(name: string, value: number, min: number, max: number, integer: boolean): number {
  if (
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    throw new RangeError(
      `${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`,
    );
  }
  return value;
}

/**
 * The entries of one antenna's bundle, deterministic for a seed. Sizes are counted when an entry
 * is reached, so iterate (the writer does) rather than collect when the logs are long.
 */
export async function* generateBundleEntries(
  options: GenerateOptions,
): AsyncGenerator<BundleEntryInput, void, undefined> {
  if (Number.isNaN(options.takenAt.getTime())) throw new RangeError('takenAt is not a date.');
  const trackingHours = check(
    'trackingHours',
    options.trackingHours ?? 6,
    1 / 3600,
    24 * 30,
    false,
  );
  const totalLogLines = check('logLines', options.logLines ?? 100_000, 0, 1e9, true);
  const postRuns = check(
    'postRuns',
    options.postRuns ?? POST_ENTRIES.length,
    0,
    POST_ENTRIES.length,
    true,
  );
  const s: Scenario = buildScenario({
    seed: options.seed ?? 1,
    antennaSerial: options.antennaSerial,
    takenAt: options.takenAt,
    trackingHours,
    ...(options.components ? { components: options.components } : {}),
    ...(options.softwareVersion ? { softwareVersion: options.softwareVersion } : {}),
    ...(options.enabledFeatures ? { enabledFeatures: options.enabledFeatures } : {}),
  });
  const bistFailures = options.bistFailures ?? 0;
  const failing = chooseFailures(s, bistFailures);
  if (bistFailures > 0 && postRuns === 0) {
    throw new RangeError('bistFailures needs a self-test report: postRuns is 0.');
  }
  const mtime = new Date(s.takenAtMs);
  const small = (path: string, text: string): BundleEntryInput => ({
    path,
    mtime,
    body: Buffer.from(text, 'utf8'),
  });

  for (const file of overviewFiles(s)) yield small(file.path, file.text);

  let bist: RunInfo | undefined;
  const times = reportTimes(s, postRuns);
  for (const [k, startMs] of times.entries()) {
    const { report, info } = postReport(s, k, startMs, k === 0 ? failing : new Set());
    if (k === 0) bist = info;
    yield {
      path: POST_ENTRIES[k] as string,
      mtime: new Date(info.stopMs),
      body: Buffer.from(`${JSON.stringify(report, null, 2)}\n`),
    };
  }

  yield small(BLOCKAGE_ZONES_ENTRY, [...zoneLines(s)].map((l) => `${l}\n`).join(''));
  // Rotated files hold about two hours each, at most four files: the current one holds the
  // newest records, `.0` the ones before, and so on.
  const files = Math.min(AIM_CSV_ENTRIES.length, Math.max(1, Math.ceil(trackingHours / 2)));
  const sampleRanges = splitRange(s.samples, files).reverse();
  const minuteRanges = splitRange(Math.ceil(s.samples / 60), files).reverse();
  for (const [k, { start, end }] of sampleRanges.entries()) {
    yield streamedEntry(AIM_CSV_ENTRIES[k] as string, mtime, () => aimLines(s, start, end));
  }
  for (const [k, { start, end }] of minuteRanges.entries()) {
    yield streamedEntry(METRICS_ENTRIES[k] as string, mtime, () => metricLines(s, start, end));
  }
  const events = logEvents(
    s,
    bist === undefined ? undefined : { ...bist, startMs: bistStartMs(s) },
  );
  const syslogCount = Math.round(totalLogLines * 0.3);
  const perFile = check('logLinesPerFile', options.logLinesPerFile ?? 200_000, 1, 1e9, true);
  const logs = [
    { entries: SYSLOG_ENTRIES, events: events.syslog, count: syslogCount, kind: 'syslog' },
    {
      entries: DEBUG_LOG_ENTRIES,
      events: events.debug,
      count: totalLogLines - syslogCount,
      kind: 'debug',
    },
  ] as const;
  for (const log of logs) {
    // Rotated as logrotate does: the current file holds the newest lines, `.0` the ones before.
    const of = Math.min(log.entries.length, Math.max(1, Math.ceil(log.count / perFile)));
    for (let k = 0; k < of; k += 1) {
      const index = of - 1 - k;
      yield streamedEntry(log.entries[k] as string, mtime, () =>
        logLines(s, log.events, log.count, log.kind, { index, of }),
      );
    }
  }
}
