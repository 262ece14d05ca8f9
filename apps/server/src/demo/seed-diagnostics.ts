import { type Readable } from 'node:stream';
import type pg from 'pg';
import {
  bundleName,
  type GenerateOptions,
  createBundleWriter,
  generateBundleEntries,
  type ParsedKeyring,
} from '@aerie/kdp';
import type { DiagnosticsPort } from '../features/diagnostics/index.js';

/**
 * What each demo bundle looks like (issue 18 item 2): hours of tracking, log lines, failing
 * self-test cases and how many older self tests it keeps. Varied, so the reports show a passing
 * and a failing antenna, a long and a short bundle.
 */
export interface DemoBundlePlan {
  /**
   * What the bundle reports that the portal does not: a modem swapped on site since the portal
   * was told (the overview's comparison shows it); by default the bundle matches the device.
   */
  differs?: 'modem';
  trackingHours: number;
  logLines: number;
  bistFailures: number;
  postRuns: number;
  /** How long before the first start the bundle was taken. */
  daysAgo: number;
}

export const DEMO_BUNDLE_PLANS: readonly DemoBundlePlan[] = [
  { trackingHours: 6, logLines: 100_000, bistFailures: 0, postRuns: 11, daysAgo: 1 },
  {
    trackingHours: 12,
    logLines: 200_000,
    bistFailures: 3,
    postRuns: 11,
    daysAgo: 2,
    differs: 'modem',
  },
  { trackingHours: 48, logLines: 1_000_000, bistFailures: 1, postRuns: 6, daysAgo: 4 },
  { trackingHours: 3, logLines: 100_000, bistFailures: 0, postRuns: 2, daysAgo: 0 },
];

export interface SeedDiagnosticsOptions {
  pool: pg.Pool;
  diagnostics: DiagnosticsPort;
  /** Bundles to make (one per device, at most one per plan). */
  count: number;
  /** What the bundles look like (default DEMO_BUNDLE_PLANS). */
  plans?: readonly DemoBundlePlan[];
  seed: number;
  now: Date;
  signal?: AbortSignal;
  log: { info(msg: string): void };
}

interface DemoAntenna {
  serial: string;
  softwareVersion: string | null;
  features: string[];
  /** Component serials by type (GeoModem, BUC, LNB, …). */
  parts: Record<string, string>;
}

/** Demo devices with an antenna serial, the same ones on every start for the same fleet. */
async function antennasToSeed(pool: pg.Pool, count: number): Promise<DemoAntenna[]> {
  const r = await pool.query<DemoAntenna>(
    `select min(c.serial) filter (where c.type = 'Antenna') as serial,
            d.software_current_version as "softwareVersion", d.features,
            jsonb_object_agg(c.type, c.serial) as parts
       from devices d join device_components c on c.device_id = d.id
      where d.activated and d.deleted_at is null
      group by d.id, d.name
     having count(*) filter (where c.type = 'Antenna') > 0
      order by d.name, d.id
      limit $1`,
    [count],
  );
  return r.rows;
}

/** What the antenna reports about itself: the portal's record (decision 039 "Demo data"). */
function deviceValues(antenna: DemoAntenna, plan: DemoBundlePlan): Partial<GenerateOptions> {
  const components: NonNullable<GenerateOptions['components']> = {};
  const { GeoModem: modem, BUC: buc, LNB: lnb } = antenna.parts;
  if (modem && plan.differs !== 'modem') components.modem = modem;
  if (buc) components.buc = buc;
  if (lnb) components.lnb = lnb;
  return {
    components,
    enabledFeatures: antenna.features,
    ...(antenna.softwareVersion ? { softwareVersion: antenna.softwareVersion } : {}),
  };
}

/**
 * Diagnostic bundles of a few demo devices, generated, packed with the provider's current key and
 * stored through the same path as an upload (so each gets its processing job), at the first start
 * only: a data directory that has any diagnostic file keeps what it has. Meant to run in the
 * background after the server listens; it stops between bundles when `signal` aborts.
 */
export async function seedDemoDiagnostics(o: SeedDiagnosticsOptions): Promise<number> {
  const plans = o.plans ?? DEMO_BUNDLE_PLANS;
  const count = Math.min(o.count, plans.length);
  if (count <= 0) return 0;
  const existing = await o.pool.query<{ n: number }>(
    'select count(*)::int as n from diagnostic_files',
  );
  if ((existing.rows[0]?.n ?? 0) > 0) return 0;
  const antennas = await antennasToSeed(o.pool, count);
  const keyring: ParsedKeyring = await o.diagnostics.keyring();
  const write = createBundleWriter({ keyring: keyring.keyring, keyId: keyring.currentKeyId });
  let stored = 0;
  for (const [i, antenna] of antennas.entries()) {
    if (o.signal?.aborted) break;
    const plan = plans[i]!;
    const antennaSerial = antenna.serial;
    // Whole seconds: the name carries the time to the second.
    const takenAt = new Date(Math.floor(o.now.getTime() / 1000) * 1000 - plan.daysAgo * 86_400_000);
    const entries = generateBundleEntries({
      antennaSerial,
      takenAt,
      seed: o.seed + i,
      trackingHours: plan.trackingHours,
      logLines: plan.logLines,
      bistFailures: plan.bistFailures,
      postRuns: plan.postRuns,
      ...deviceValues(antenna, plan),
    });
    const stream: Readable = write(entries);
    await o.diagnostics.storeBundle({ fileName: bundleName(antennaSerial, takenAt), stream });
    stored++;
  }
  o.log.info(`demo diagnostic bundles: ${stored} stored, processing in the background`);
  return stored;
}
