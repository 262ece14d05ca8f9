import type { TerminalReport } from '@aerie/contract';
import { PROVIDER_INTERVAL_SECONDS, providerMetrics, sampleValue } from '../demo-fleet/metrics.js';
import type { Random } from '../demo-fleet/random.js';
import { fitsKind, type SiteKind } from '../demo-fleet/sites.js';

/** A simulated terminal as the fleet simulator sees it between two visits. */
export interface SimulatedTerminal {
  id: string;
  serial: string;
  kind: SiteKind;
  headingDeg: number;
  speedKmh: number;
  liveMetrics: boolean;
  uptimeSeconds: number;
  lastTickAt: Date | null;
  activated: boolean;
  satelliteOnline: boolean | null;
  cellularOnline: boolean | null;
  latitude: number | null;
  longitude: number | null;
  softwareCurrentVersion: string | null;
  softwareTargetVersion: string | null;
  softwareLocked: boolean;
  /** Of the active subscription; null without one (or a malformed one). */
  dataLimitGb: number | null;
  hasSubscription: boolean;
  hasRouter: boolean;
  beamNumber: number;
}

export interface TerminalStep {
  report: TerminalReport;
  headingDeg: number;
  uptimeSeconds: number;
}

const KM_PER_DEGREE = 111.32;
/** A visit never accounts for more than this, however long the simulator was stopped. */
const MAX_ELAPSED_S = 3600;
/** Terminals on an active subscription use about this share of their package a day. */
const UNLIMITED_DAILY_BYTES = 12e9;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Where a terminal is after `km` along `headingDeg`; turns back at high latitudes. */
export function move(
  latitude: number,
  longitude: number,
  headingDeg: number,
  km: number,
): { latitude: number; longitude: number; headingDeg: number } {
  const h = (headingDeg * Math.PI) / 180;
  let lat = latitude + (Math.cos(h) * km) / KM_PER_DEGREE;
  const lon =
    longitude +
    (Math.sin(h) * km) / (KM_PER_DEGREE * Math.max(0.2, Math.cos((latitude * Math.PI) / 180)));
  let heading = headingDeg;
  if (Math.abs(lat) > 72) {
    lat = Math.sign(lat) * 72;
    heading = (540 - headingDeg) % 360;
  }
  return {
    latitude: round(lat, 5),
    longitude: round(((((lon + 180) % 360) + 360) % 360) - 180, 5),
    headingDeg: heading,
  };
}

/**
 * SIMULATOR: what one terminal reports on a visit at `now`. Terminals come and
 * go online (mobile ones more often), moving ones move along a wandering
 * heading, the software checks in about hourly and installs a scheduled
 * update, usage follows the data package, and showcase terminals send every
 * metric sample due since the last visit.
 */
export function stepTerminal(t: SimulatedTerminal, now: Date, rnd: Random): TerminalStep {
  const last = t.lastTickAt?.getTime() ?? now.getTime() - 300_000;
  const elapsed = Math.min(MAX_ELAPSED_S, Math.max(0, (now.getTime() - last) / 1000));
  const mobile = t.kind !== 'fixed';
  const report: TerminalReport = { serial: t.serial, reportedAt: now.toISOString() };

  let satelliteOnline = t.satelliteOnline ?? false;
  if (!t.activated) satelliteOnline = false;
  else if (satelliteOnline) satelliteOnline = !rnd.chance(mobile ? 0.015 : 0.005);
  else satelliteOnline = rnd.chance(0.25);
  let cellularOnline = t.cellularOnline;
  if (cellularOnline !== null) {
    cellularOnline = cellularOnline ? !rnd.chance(mobile ? 0.04 : 0.01) : rnd.chance(0.3);
  }
  report.status = {
    satelliteOnline,
    satelliteSignal: satelliteOnline
      ? round(Math.max(-3, Math.min(9, rnd.normal(4, 2.2))), 1)
      : null,
    ...(cellularOnline === null
      ? {}
      : {
          cellularOnline,
          cellularSignal: cellularOnline ? round(Math.max(-30, rnd.normal(-12, 3.5)), 1) : null,
        }),
  };

  let headingDeg = t.headingDeg;
  if (mobile && satelliteOnline && t.speedKmh > 0 && t.latitude !== null && t.longitude !== null) {
    const km = (t.speedKmh * rnd.float(0.6, 1) * elapsed) / 3600;
    const next = move(t.latitude, t.longitude, t.headingDeg + rnd.normal(0, 6), km);
    // Vessels keep to the sea and land terminals to the land (issue 13): at a coast the terminal
    // stays where it is and turns back. One already on the wrong side (data from before) moves.
    if (
      fitsKind(t.kind, next.latitude, next.longitude) ||
      !fitsKind(t.kind, t.latitude, t.longitude)
    ) {
      headingDeg = ((next.headingDeg % 360) + 360) % 360;
      report.location = { latitude: next.latitude, longitude: next.longitude, source: 'satellite' };
    } else {
      headingDeg = (((t.headingDeg + 180 + rnd.normal(0, 30)) % 360) + 360) % 360;
    }
  }

  if (t.softwareCurrentVersion && satelliteOnline && rnd.chance(elapsed / 3600)) {
    const installs = t.softwareTargetVersion && !t.softwareLocked && rnd.chance(0.35);
    report.software = {
      currentVersion: installs ? t.softwareTargetVersion! : t.softwareCurrentVersion,
    };
  }

  if (satelliteOnline && t.hasSubscription) {
    const daily =
      t.dataLimitGb === null
        ? 2e9
        : t.dataLimitGb >= 9999
          ? UNLIMITED_DAILY_BYTES
          : (t.dataLimitGb * 1e9) / 30;
    const satelliteBytes = Math.round(((daily * rnd.float(0.4, 1.3)) / 86_400) * elapsed);
    const cellularBytes = cellularOnline ? Math.round(satelliteBytes * rnd.float(0.05, 0.3)) : 0;
    report.usage = { satelliteBytes, cellularBytes };
  }

  let uptimeSeconds = t.uptimeSeconds + Math.round(elapsed);
  if (t.liveMetrics) {
    const metrics: NonNullable<TerminalReport['metrics']> = [];
    const localOffsetHours = (t.longitude ?? 0) / 15;
    const position = {
      latitude: report.location?.latitude ?? t.latitude ?? 0,
      longitude: report.location?.longitude ?? t.longitude ?? 0,
    };
    if (!satelliteOnline) uptimeSeconds = 0;
    for (const { provider, metric } of providerMetrics(t.hasRouter)) {
      const interval = PROVIDER_INTERVAL_SECONDS[provider] ?? 900;
      // Hub and router stop reporting while the terminal is down; the antenna reports its state.
      if (!satelliteOnline && provider !== 'PV_ANTENNA') continue;
      const samples = [];
      for (
        let s = Math.floor(last / 1000 / interval + 1) * interval;
        s <= now.getTime() / 1000;
        s += interval
      ) {
        const localHour = (((((s / 3600) % 24) + localOffsetHours) % 24) + 24) % 24;
        const value = sampleValue(metric, {
          online: satelliteOnline,
          rnd,
          kind: t.kind,
          speedKmh: t.speedKmh,
          position,
          localHour,
          interval,
          beamNumber: t.beamNumber,
          uptimeSeconds,
        });
        samples.push({ timestamp: new Date(s * 1000).toISOString(), value });
      }
      if (samples.length) metrics.push({ provider, metric, samples });
    }
    if (metrics.length) report.metrics = metrics;
  }
  return { report, headingDeg, uptimeSeconds };
}
