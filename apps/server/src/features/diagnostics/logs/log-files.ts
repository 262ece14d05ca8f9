import { DEBUG_LOG_ENTRIES, SYSLOG_ENTRIES } from '@aerie/kdp';
import type { LogType } from '@aerie/contract';

/**
 * The log files of a bundle (docs/formats/kdp.md "Contents": `logs/syslog`, `logs/syslog.0` …
 * `.4`, the same for `logs/debug`), oldest first: the order of their lines in time.
 */
export const LOG_FILES: Readonly<Record<LogType, readonly string[]>> = {
  syslog: [...SYSLOG_ENTRIES].reverse(),
  debug: [...DEBUG_LOG_ENTRIES].reverse(),
};

/** The name of the line-index indexer: its folder under a file's index prefix. */
export const LINE_INDEXER = 'lines';

/** A log file's line index, relative to the file's index prefix. */
export const lineIndexPath = (logPath: string): string => `${LINE_INDEXER}/${logPath}.lidx`;

/** The log files of a type that a bundle has, oldest first. */
export function presentLogFiles(type: LogType, has: (path: string) => boolean): string[] {
  return LOG_FILES[type].filter(has);
}
