/**
 * One antenna's few hours, decided up front from the seed: the satellite passes it tracks (beam
 * switches between them), its blockage zones, and from those the periods it lost the link. Every
 * file of the bundle is drawn from this, so the tracking log, the metrics and the logs agree:
 * a link-down line in the syslog has the timestamp of the first tracking record inside a zone.
 * Per-sample values are pure functions of the sample's index (hashUnit), so a rotated file or a
 * log line is produced on its own without keeping anything.
 */
import { fnv1a, hashUnit, mulberry32 } from './prng.js';

/** Mute flag bits of the AIM log's `muteFlags`. */
export const MUTE_BLOCKAGE = 0x4;
export const MUTE_YAW_SENSOR = 0x10;

export interface BlockageZone {
  azimuthStart: number;
  azimuthEnd: number;
  elevationStart: number;
  elevationEnd: number;
}

/** A satellite pass: samples [start, end) tracking one satellite on one track. */
export interface SatellitePass {
  start: number;
  end: number;
  satelliteId: number;
  trackId: number;
  azimuthStart: number;
  azimuthSweep: number;
  elevationEdge: number;
  elevationPeak: number;
}

/** Samples [start, end) in a row inside a blockage zone: the link is down. */
export interface Outage {
  start: number;
  end: number;
  zone: number;
}

export interface Components {
  antenna: string;
  acu: string;
  asm: string;
  modem: string;
  buc: string;
  lnb: string;
}

export interface Scenario {
  seed: number;
  serial: string;
  components: Components;
  version: string;
  /** Feature codes enabled, when given; else the entitlements are drawn from the seed. */
  enabledFeatures: readonly string[] | undefined;
  takenAtMs: number;
  /** Time of sample 0 (whole seconds); samples are 1 s apart. */
  startMs: number;
  samples: number;
  /** When the antenna booted (before the first sample). */
  bootMs: number;
  passes: SatellitePass[];
  zones: BlockageZone[];
  outages: Outage[];
  /** Samples [start, end) where the yaw sensor reported no data. */
  yawGlitch: { start: number; end: number } | undefined;
  headingBase: number;
  phases: number[];
}

export interface TrackingSample {
  ms: number;
  theta: number;
  phi: number;
  sinr: number;
  satelliteId: number;
  trackId: number;
  rcmTx: number;
  rcmRx: number;
  muteFlags: number;
  gbiasOk: number;
  gbiasZ: number;
  gpsFix: number;
  gpsYaw: number;
  highTheta: number;
  pitch: number;
  roll: number;
  trueNorth: number;
  ysStatus: number;
  /** NaN when the yaw sensor had no reading (an empty cell). */
  ysYaw: number;
  /** Index of the zone the pointing is in, or -1. */
  zone: number;
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};
const wrap360 = (deg: number) => ((deg % 360) + 360) % 360;

/** Whether a pointing (azimuth, elevation in degrees) is inside a zone (kdp.md rules). */
export function inZone(azimuth: number, elevation: number, zone: BlockageZone): boolean {
  const { azimuthStart: s, azimuthEnd: e } = zone;
  const inAzimuth = s <= e ? azimuth >= s && azimuth <= e : azimuth >= s || azimuth <= e;
  return inAzimuth && elevation >= zone.elevationStart && elevation <= zone.elevationEnd;
}

/** Serials of the antenna's parts, derived from the antenna serial alone. */
export function componentSerials(serial: string): Components {
  const h = fnv1a(serial);
  const digits = (n: number, width: number) => String(n % 10 ** width).padStart(width, '0');
  return {
    antenna: serial,
    acu: `ACU-${digits(h, 4)}`,
    asm: `ASM-${digits(Math.floor(h / 7), 4)}`,
    modem: `IDQ-${digits(Math.floor(h / 13), 5)}`,
    buc: `BUC-${digits(Math.floor(h / 3), 6)}`,
    lnb: `LNB-${digits(Math.floor(h / 11), 6)}`,
  };
}

const VERSIONS = ['5.0.4', '5.1.0', '5.1.1', '5.2.0-rc.2'];

/** Pointing of a pass at sample i, rounded as written to the CSV. */
function pointing(pass: SatellitePass, i: number): { theta: number; phi: number } {
  const u = (i - pass.start) / Math.max(1, pass.end - pass.start);
  const azimuth = wrap360(pass.azimuthStart + pass.azimuthSweep * u);
  const elevation =
    pass.elevationEdge + (pass.elevationPeak - pass.elevationEdge) * Math.sin(Math.PI * u);
  return { theta: round(90 - elevation, 2), phi: round(azimuth, 2) % 360 };
}

export interface ScenarioOptions {
  seed: number;
  antennaSerial: string;
  takenAt: Date;
  trackingHours: number;
  /** Serials of parts the antenna reports instead of made-up ones (a device's real parts). */
  components?: Partial<Omit<Components, 'antenna'>>;
  /** The software version it reports instead of a random one. */
  softwareVersion?: string;
  /** The feature codes it reports enabled instead of random ones. */
  enabledFeatures?: readonly string[];
}

export function buildScenario(options: ScenarioOptions): Scenario {
  const seed = options.seed >>> 0;
  const rng = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng();
  const samples = Math.max(1, Math.round(options.trackingHours * 3600));
  const takenAtMs = Math.floor(options.takenAt.getTime() / 1000) * 1000;
  // Tracking stops a few minutes before the bundle is taken (the BIST ran in between).
  const startMs = takenAtMs - 240_000 - samples * 1000;
  const bootMs = startMs - Math.round(between(40, 90)) * 1000;

  const passes: SatellitePass[] = [];
  let trackId = 1 + Math.floor(rng() * 400);
  for (let at = 0; at < samples;) {
    const length = Math.round(between(600, 1500));
    const azimuthStart = between(0, 360);
    passes.push({
      start: at,
      end: Math.min(samples, at + length),
      satelliteId: 1000 + Math.floor(rng() * 700),
      trackId,
      azimuthStart,
      azimuthSweep: (rng() < 0.5 ? -1 : 1) * between(60, 160),
      elevationEdge: between(25, 32),
      elevationPeak: between(45, 82),
    });
    trackId += 1;
    at += length;
  }
  const passAt = (i: number) => passes[passIndex(passes, i)] as SatellitePass;

  // Zones around where the antenna did point, low in the sky (masts, superstructure).
  const zones: BlockageZone[] = [];
  const zoneCount = 1 + Math.floor(rng() * 3);
  for (let z = 0; z < zoneCount; z += 1) {
    let chosen = { theta: 0, phi: 0 };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const i = Math.floor(rng() * samples);
      chosen = pointing(passAt(i), i);
      if (90 - chosen.theta < 55) break;
    }
    const width = between(15, 45);
    const before = width * between(0.3, 0.7);
    zones.push({
      azimuthStart: Math.floor(wrap360(chosen.phi - before)),
      azimuthEnd: Math.ceil(chosen.phi + width - before) % 360,
      elevationStart: 0,
      elevationEnd: Math.min(90, Math.ceil(90 - chosen.theta + between(5, 15))),
    });
  }

  const outages: Outage[] = [];
  let open: Outage | undefined;
  for (let i = 0; i < samples; i += 1) {
    const zone = zoneOf(zones, pointing(passAt(i), i));
    if (open !== undefined && zone !== open.zone) {
      open.end = i;
      outages.push(open);
      open = undefined;
    }
    if (open === undefined && zone >= 0) open = { start: i, end: samples, zone };
  }
  if (open !== undefined) outages.push(open);

  const glitchStart = Math.floor(rng() * samples);
  const yawGlitch =
    samples > 600 && rng() < 0.7
      ? { start: glitchStart, end: Math.min(samples, glitchStart + Math.round(between(8, 40))) }
      : undefined;

  // Drawn even when a version is given, so the rest of the scenario stays the same for a seed.
  const drawnVersion = VERSIONS[Math.floor(rng() * VERSIONS.length)] as string;
  return {
    seed,
    serial: options.antennaSerial,
    components: { ...componentSerials(options.antennaSerial), ...options.components },
    version: options.softwareVersion ?? drawnVersion,
    enabledFeatures: options.enabledFeatures,
    takenAtMs,
    startMs,
    samples,
    bootMs,
    passes,
    zones,
    outages,
    yawGlitch,
    headingBase: between(0, 360),
    phases: Array.from({ length: 8 }, () => between(0, 2 * Math.PI)),
  };
}

function passIndex(passes: SatellitePass[], i: number): number {
  let lo = 0;
  let hi = passes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((passes[mid] as SatellitePass).start <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function zoneOf(zones: BlockageZone[], p: { theta: number; phi: number }): number {
  return zones.findIndex((zone) => inZone(p.phi, 90 - p.theta, zone));
}

/** The time of sample i (a few ms of jitter after the second). */
export function sampleMs(s: Scenario, i: number): number {
  return s.startMs + i * 1000 + Math.floor(hashUnit(s.seed, i, 99) * 40);
}

/** Board temperature (°C) at a time: warms after boot, follows a slow daily swing. */
export function boardTemperature(s: Scenario, ms: number): number {
  const sinceBoot = Math.max(0, (ms - s.bootMs) / 1000);
  const warm = 18 * (1 - Math.exp(-sinceBoot / 900));
  const swing = 4 * Math.sin((2 * Math.PI * ms) / 86_400_000 + (s.phases[0] ?? 0));
  return 34 + warm + swing;
}

/** The tracking record of sample i. */
export function trackingSample(s: Scenario, i: number): TrackingSample {
  const pass = s.passes[passIndex(s.passes, i)] as SatellitePass;
  const { theta, phi } = pointing(pass, i);
  const zone = zoneOf(s.zones, { theta, phi });
  const noise = (channel: number) => hashUnit(s.seed, i, channel) - 0.5;
  const ph = s.phases;
  const elevation = 90 - theta;
  let sinr =
    11 +
    2.5 * Math.sin((2 * Math.PI * i) / 1800 + (ph[1] ?? 0)) +
    1.2 * Math.sin((2 * Math.PI * i) / 437 + (ph[2] ?? 0)) +
    0.06 * (elevation - 45) +
    0.6 * noise(1);
  if (zone >= 0) sinr -= 14 + 2 * (noise(2) + 0.5);
  sinr = round(sinr, 2);
  const glitch = s.yawGlitch !== undefined && i >= s.yawGlitch.start && i < s.yawGlitch.end;
  const trueNorth = wrap360(
    s.headingBase +
      25 * Math.sin((2 * Math.PI * i) / 5400 + (ph[3] ?? 0)) +
      8 * Math.sin((2 * Math.PI * i) / 1300 + (ph[4] ?? 0)),
  );
  const rcmRx = zone >= 0 ? 0 : Math.min(14, Math.max(1, Math.floor((sinr + 2) / 1.5)));
  const muteFlags = (zone >= 0 ? MUTE_BLOCKAGE : 0) | (glitch ? MUTE_YAW_SENSOR : 0);
  return {
    ms: sampleMs(s, i),
    theta,
    phi,
    sinr,
    satelliteId: pass.satelliteId,
    trackId: pass.trackId,
    rcmTx: muteFlags !== 0 ? 0 : Math.max(1, rcmRx - 2),
    rcmRx,
    muteFlags,
    gbiasOk: i < 90 ? 0 : 1,
    gbiasZ: round(0.0021 + 0.0008 * Math.sin(i / 3000 + (ph[5] ?? 0)) + 0.0002 * noise(3), 5),
    gpsFix: 2,
    gpsYaw: round(wrap360(trueNorth + 0.8 * noise(4)), 2),
    highTheta: theta > 60 ? 1 : 0,
    pitch: round(2.5 * Math.sin((2 * Math.PI * i) / 8.3 + (ph[6] ?? 0)) + 0.2 * noise(5), 2),
    roll: round(4 * Math.sin((2 * Math.PI * i) / 11.7 + (ph[7] ?? 0)) + 0.3 * noise(6), 2),
    trueNorth: round(trueNorth, 2),
    ysStatus: glitch ? 2 : 0,
    ysYaw: glitch ? Number.NaN : round(wrap360(trueNorth + 0.3 * noise(7)), 2),
    zone,
  };
}
