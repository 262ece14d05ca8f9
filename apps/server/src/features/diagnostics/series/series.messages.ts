/**
 * The series index's own texts (CONVENTIONS §14): what could not be read of a bundle's tracking
 * and metrics logs, listed in the reports' `problems` for support to know.
 */
export const SERIES_MESSAGES = {
  noTimestampColumn: (entry: string) =>
    `${entry}: the header has no timestamp column; the file was not read.`,
  metricsHeader: (entry: string) =>
    `${entry}: the header lacks a timestamp, metric or value column; the file was not read.`,
  zonesTooLarge: (entry: string, maxKiB: number) =>
    `${entry} is larger than ${maxKiB} KiB and was not read.`,
  zonesHeader: (entry: string) =>
    `${entry}: the header lacks azimuthStart, azimuthEnd, elevationStart or elevationEnd; no zone was read.`,
  badZone: (entry: string, line: number) =>
    `${entry}: record ${line} is not a zone (azimuths 0 to 360, elevations 0 to 90, the start not above the end); it was left out.`,
  tooManyMetrics: (max: number) =>
    `The metrics log has more than ${max} metrics; only the first ${max} are shown.`,
  moreProblems: (n: number) => `… and ${n} more.`,
} as const;
