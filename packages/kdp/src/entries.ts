/**
 * The entries an antenna puts in its bundle (docs/formats/kdp.md, "Contents"): where each file
 * sits in the archive and, for the structured ones, their columns and fields. A bundle may hold
 * other files too; readers skip what they do not know.
 */

/** n rotated copies of a file: `name`, then `name.0` (the newest older copy) to `name.{n-1}`. */
function rotated(name: string, copies: number): string[] {
  return [name, ...Array.from({ length: copies }, (_, i) => `${name}.${i}`)];
}

/** What the antenna is and may do: small text files, shown as they are. */
export const OVERVIEW_ENTRIES = {
  entitlementsKap: 'overview/EntitlementsKap',
  entitlements: 'overview/entitlements',
  componentInventoryKap: 'overview/ComponentInventoryKap',
  serialNumbers: 'overview/serial_numbers',
  serial: 'overview/Serial',
  version: 'overview/version',
} as const;

/** Self-test results (POST at power-on, BIST on demand), JSON: the latest, then older runs. */
export const POST_ENTRIES: readonly string[] = rotated('tests/post', 10);

/** AIM tracking log, CSV: the current file, then older ones. */
export const AIM_CSV_ENTRIES: readonly string[] = rotated('aim/aim-csv', 3);

/** The blockage zones the antenna was configured with, CSV. */
export const BLOCKAGE_ZONES_ENTRY = 'aim/blockage-zones.csv';

/** Metrics time series, CSV (one row per sample): the current file, then older ones. */
export const METRICS_ENTRIES: readonly string[] = rotated('metrics/metrics-csv', 3);

/** System log (syslog format, text): the current file, then older ones. */
export const SYSLOG_ENTRIES: readonly string[] = rotated('logs/syslog', 5);

/** The antenna software's debug log, text: the current file, then older ones. */
export const DEBUG_LOG_ENTRIES: readonly string[] = rotated('logs/debug', 5);

/** Every path this document names. */
export const KNOWN_ENTRY_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(OVERVIEW_ENTRIES),
  ...POST_ENTRIES,
  ...AIM_CSV_ENTRIES,
  BLOCKAGE_ZONES_ENTRY,
  ...METRICS_ENTRIES,
  ...SYSLOG_ENTRIES,
  ...DEBUG_LOG_ENTRIES,
]);

/** The AIM tracking CSV's header row, in this order. */
export const AIM_CSV_COLUMNS = [
  'timestamp',
  'theta',
  'phi',
  'averageSinr',
  'satelliteId',
  'trackId',
  'rcmTxActual',
  'rcmRxActual',
  'muteFlags',
  'gbiasOk',
  'gbiasZ',
  'gpsFix',
  'gpsYaw',
  'highTheta',
  'pitch',
  'roll',
  'trueNorth',
  'ysStatus',
  'ysYaw',
] as const;

/** The blockage zones CSV's header row. */
export const BLOCKAGE_ZONE_COLUMNS = [
  'azimuthStart',
  'azimuthEnd',
  'elevationStart',
  'elevationEnd',
] as const;

/** The metrics CSV's header row. */
export const METRICS_COLUMNS = ['timestamp', 'metric', 'value', 'unit'] as const;

/** A status of 0 is a pass, in a POST report and in each of its test cases. */
export const POST_STATUS_PASS = 0;

/** One test case of a POST report. */
export interface PostTestCase {
  name: string;
  classname: string;
  status: number;
  message: string;
  /** Seconds the test took. */
  time: number;
  /** The measured value, for a test that measures one. */
  value?: number | string;
  /** The measured gamma values, for a test that measures several. */
  gammavalues?: number[];
}

export interface PostTestSuite {
  starttime: string;
  stoptime: string;
  testcases: PostTestCase[];
}

/** A POST (or BIST) report: the content of `tests/post` and its older copies. */
export interface PostReport {
  acuserialnumber: string;
  asmserialnumber: string;
  antennaserialnumber: string;
  status: number;
  testsuites: PostTestSuite[];
}
