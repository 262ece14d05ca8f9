/**
 * The long files of a generated bundle, as generators of text lines (produced one at a time,
 * nothing kept): the AIM tracking CSV, the metrics CSV, the syslog and the debug log.
 */
import { AIM_CSV_COLUMNS, METRICS_COLUMNS } from '../entries.js';
import { hashUnit } from './prng.js';
import type { RunInfo } from './reports.js';
import {
  boardTemperature,
  sampleMs,
  trackingSample,
  type Scenario,
  type TrackingSample,
} from './scenario.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Splits [0, total) into `parts` ranges, oldest first. */
export function splitRange(total: number, parts: number): { start: number; end: number }[] {
  return Array.from({ length: parts }, (_, k) => ({
    start: Math.floor((total * k) / parts),
    end: Math.floor((total * (k + 1)) / parts),
  }));
}

function aimRow(t: TrackingSample): string {
  return [
    iso(t.ms),
    t.theta.toFixed(2),
    t.phi.toFixed(2),
    t.sinr.toFixed(2),
    t.satelliteId,
    t.trackId,
    t.rcmTx,
    t.rcmRx,
    t.muteFlags,
    t.gbiasOk,
    t.gbiasZ.toFixed(5),
    t.gpsFix,
    t.gpsYaw.toFixed(2),
    t.highTheta,
    t.pitch.toFixed(2),
    t.roll.toFixed(2),
    t.trueNorth.toFixed(2),
    t.ysStatus,
    Number.isNaN(t.ysYaw) ? '' : t.ysYaw.toFixed(2),
  ].join(',');
}

/** AIM tracking CSV lines of samples [start, end), header first. */
export function* aimLines(s: Scenario, start: number, end: number): Generator<string> {
  yield AIM_CSV_COLUMNS.join(',');
  for (let i = start; i < end; i += 1) yield aimRow(trackingSample(s, i));
}

export function* zoneLines(s: Scenario): Generator<string> {
  yield 'azimuthStart,azimuthEnd,elevationStart,elevationEnd';
  for (const z of s.zones) {
    yield `${z.azimuthStart},${z.azimuthEnd},${z.elevationStart},${z.elevationEnd}`;
  }
}

/**
 * Metrics CSV lines of minutes [start, end), header first. Counters (rxBytes, txBytes) count
 * from the first minute, so they are summed from there whatever file is written.
 */
export function* metricLines(s: Scenario, start: number, end: number): Generator<string> {
  yield METRICS_COLUMNS.join(',');
  let rx = 0;
  let tx = 0;
  for (let m = 0; m < end; m += 1) {
    let sinr = 0;
    let up = 0;
    let n = 0;
    let last: TrackingSample | undefined;
    for (let i = m * 60; i < Math.min(s.samples, (m + 1) * 60); i += 1) {
      last = trackingSample(s, i);
      sinr += last.sinr;
      if (last.zone < 0) up += 1;
      n += 1;
    }
    const noise = hashUnit(s.seed, m, 20);
    rx += Math.round(up * (180_000 + 120_000 * noise));
    tx += Math.round(up * (40_000 + 30_000 * hashUnit(s.seed, m, 21)));
    if (m < start || n === 0) continue;
    const ms = s.startMs + (m * 60 + n - 1) * 1000;
    const t = iso(ms);
    yield `${t},sinr,${(sinr / n).toFixed(2)},dB`;
    yield `${t},linkUp,${last !== undefined && last.zone < 0 ? 1 : 0},`;
    yield `${t},rxBytes,${rx},bytes`;
    yield `${t},txBytes,${tx},bytes`;
    yield `${t},boardTemperature,${boardTemperature(s, ms).toFixed(1)},°C`;
    yield `${t},cpuLoad,${(18 + 25 * hashUnit(s.seed, m, 22)).toFixed(1)},%`;
    yield `${t},gpsSatellites,${9 + Math.floor(4 * hashUnit(s.seed, m, 23))},`;
  }
}

export interface LogEvent {
  ms: number;
  text: string;
}

const PIDS = { acud: 412, aimd: 733, modemd: 748, gpsd: 519, thermald: 388, bistd: 1290 };

/**
 * The events both logs tell of, with their timestamps: boot, GPS fix, link up and down at every
 * blockage (the first tracking record inside a zone, and the first one out), beam switches,
 * yaw-sensor trouble, temperature readings and the BIST.
 */
export function logEvents(s: Scenario, bist: RunInfo | undefined) {
  const syslog: LogEvent[] = [];
  const debug: LogEvent[] = [];
  const sys = (ms: number, text: string) => syslog.push({ ms, text });
  const dbg = (ms: number, text: string) => debug.push({ ms, text });
  const b = s.bootMs;
  sys(b, 'kernel: [    0.000000] Linux version 5.15.92-aerie (builder@ci) #1 SMP PREEMPT');
  sys(b + 12, 'kernel: [    0.000000] Machine model: Aerie ACU rev C');
  sys(b + 2_310, 'kernel: [    2.310118] eth0: link up, 1000 Mbps, full duplex');
  sys(b + 4_020, 'systemd[1]: Started Aerie antenna control unit (acud).');
  sys(
    b + 4_560,
    `acud[${PIDS.acud}]: ACU ${s.components.acu} firmware 3.2.0, software ${s.version}`,
  );
  sys(b + 5_100, `acud[${PIDS.acud}]: ASM ${s.components.asm} connected`);
  dbg(b + 5_200, 'INFO [acud] boot complete, starting tracker');
  sys(b + 25_000, `gpsd[${PIDS.gpsd}]: GPS fix acquired: 3D, 11 satellites, HDOP 0.9`);
  dbg(b + 25_000, 'INFO [gps] fix 3D');
  const first = trackingSample(s, 0);
  const linkUpMs = s.startMs - 2_000;
  sys(
    linkUpMs,
    `modemd[${PIDS.modemd}]: link up: rx lock acquired on satellite ${first.satelliteId} track ${first.trackId}`,
  );
  dbg(linkUpMs, `INFO [modem] rx lock acquired, modem ${s.components.modem}`);

  for (const [k, pass] of s.passes.entries()) {
    if (k === 0) continue;
    const before = s.passes[k - 1];
    const t = trackingSample(s, pass.start);
    sys(
      t.ms,
      `aimd[${PIDS.aimd}]: beam switch: satellite ${before?.satelliteId} track ${before?.trackId} -> satellite ${pass.satelliteId} track ${pass.trackId} (handover)`,
    );
    dbg(t.ms, `INFO [beam] handover to track ${pass.trackId} at theta ${t.theta} phi ${t.phi}`);
  }
  for (const outage of s.outages) {
    const down = trackingSample(s, outage.start);
    const el = (90 - down.theta).toFixed(1);
    sys(
      down.ms,
      `modemd[${PIDS.modemd}]: link down: rx lock lost, SINR ${down.sinr.toFixed(1)} dB (blockage zone ${outage.zone + 1}, az ${down.phi.toFixed(1)} el ${el})`,
    );
    sys(down.ms, `aimd[${PIDS.aimd}]: tx muted: blockage zone ${outage.zone + 1}`);
    dbg(down.ms, `ERROR [modem] rx lock lost: SINR ${down.sinr.toFixed(1)} dB below 2.0 dB`);
    if (outage.end < s.samples) {
      const up = trackingSample(s, outage.end);
      sys(
        up.ms,
        `modemd[${PIDS.modemd}]: link up: rx lock acquired, SINR ${up.sinr.toFixed(1)} dB`,
      );
      sys(up.ms, `aimd[${PIDS.aimd}]: tx unmuted`);
      dbg(up.ms, `INFO [modem] rx lock acquired after ${outage.end - outage.start} s`);
    }
  }
  if (s.yawGlitch !== undefined) {
    const at = sampleMs(s, s.yawGlitch.start);
    sys(at, `aimd[${PIDS.aimd}]: yaw sensor: no data (status 2), tx muted`);
    dbg(at, 'WARN [imu] yaw sensor timeout on /dev/ttyS2');
    if (s.yawGlitch.end < s.samples) {
      sys(sampleMs(s, s.yawGlitch.end), `aimd[${PIDS.aimd}]: yaw sensor: recovered`);
    }
  }
  for (let ms = s.startMs; ms < s.startMs + s.samples * 1000; ms += 600_000) {
    const temp = boardTemperature(s, ms);
    sys(
      ms,
      temp > 55
        ? `thermald[${PIDS.thermald}]: warning: board temperature ${temp.toFixed(1)} C above 55.0 C`
        : `thermald[${PIDS.thermald}]: board temperature ${temp.toFixed(1)} C`,
    );
  }
  if (bist !== undefined) {
    sys(bist.startMs, `bistd[${PIDS.bistd}]: BIST started (requested by operator)`);
    for (const f of bist.failures) {
      sys(bist.stopMs, `bistd[${PIDS.bistd}]: error: FAIL ${f.classname}/${f.name}: ${f.message}`);
      dbg(bist.stopMs, `ERROR [bist] ${f.classname}/${f.name}: ${f.message}`);
    }
    sys(bist.stopMs, `bistd[${PIDS.bistd}]: BIST finished: ${bist.failures.length} failed`);
  }
  const byTime = (a: LogEvent, z: LogEvent) => a.ms - z.ms;
  return { syslog: syslog.sort(byTime), debug: debug.sort(byTime) };
}

type Background = (s: Scenario, i: number, ms: number) => string;

function trackingAt(s: Scenario, ms: number): TrackingSample | undefined {
  const i = Math.floor((ms - s.startMs) / 1000);
  return i >= 0 && i < s.samples ? trackingSample(s, i) : undefined;
}

const syslogBackground: Background = (s, i, ms) => {
  const u = hashUnit(s.seed, i, 30);
  const t = u < 0.45 ? trackingAt(s, ms) : undefined;
  if (t !== undefined) {
    return `aimd[${PIDS.aimd}]: track sat ${t.satelliteId} theta ${t.theta.toFixed(1)} phi ${t.phi.toFixed(1)} sinr ${t.sinr.toFixed(1)}`;
  }
  if (u < 0.6) {
    return `modemd[${PIDS.modemd}]: rx frames ${Math.floor(ms / 37) % 10_000_000} crc errors ${Math.floor(u * 1000) % 3}`;
  }
  if (u < 0.7) return `chronyd[602]: Selected source 10.20.0.1 (offset ${(u - 0.65).toFixed(4)} s)`;
  if (u < 0.8) return `CRON[${2000 + (i % 900)}]: (root) CMD (/usr/lib/aerie/collect-metrics)`;
  if (u < 0.88) return `gpsd[${PIDS.gpsd}]: ${9 + (i % 4)} satellites in view`;
  // The kernel's own uptime stamp: seconds right-aligned in 5 places, then microseconds.
  if (u < 0.95) {
    const uptime = ((ms - s.bootMs) / 1000).toFixed(6).padStart(12);
    return `kernel: [${uptime}] eth1: rx ${i % 997} packets`;
  }
  return `systemd[1]: Started Rotate log files (logrotate.service).`;
};

const debugBackground: Background = (s, i, ms) => {
  const u = hashUnit(s.seed, i, 31);
  const t = u < 0.5 ? trackingAt(s, ms) : undefined;
  if (t !== undefined) {
    return `DEBUG [tracker] sample track ${t.trackId} theta=${t.theta.toFixed(2)} phi=${t.phi.toFixed(2)} sinr=${t.sinr.toFixed(2)} mute=${t.muteFlags}`;
  }
  if (u < 0.65) return `DEBUG [imu] gyro bias z=${(0.002 + u / 1000).toFixed(5)} dps`;
  if (u < 0.8) return `DEBUG [ephem] propagated ${40 + (i % 30)} satellites`;
  if (u < 0.9) return `DEBUG [asm] status ok, ${(u * 40).toFixed(1)} ms round trip`;
  if (u < 0.98) return `INFO [metrics] flushed ${1 + (i % 7)} series`;
  return `WARN [modem] slow response from ${s.components.modem} (${Math.round(u * 900)} ms)`;
};

/**
 * Log lines in time order: `total` lines (or the events alone when they are more), background
 * lines spread from boot to the bundle's time with the events merged in at their timestamps.
 */
export function* logLines(
  s: Scenario,
  events: LogEvent[],
  total: number,
  background: 'syslog' | 'debug',
  part: { index: number; of: number } = { index: 0, of: 1 },
): Generator<string> {
  const host = background === 'syslog' ? ` ${s.serial} ` : ' ';
  const make = background === 'syslog' ? syslogBackground : debugBackground;
  const line = (ms: number, text: string) => `${iso(ms)}${host}${text}`;
  const count = Math.max(0, total - events.length);
  const from = s.bootMs;
  const span = s.takenAtMs - 1000 - from;
  const timeOf = (i: number) =>
    from + Math.floor(((i + 0.9 * hashUnit(s.seed, i, 32)) * span) / count);
  // A part of the log (a rotated file): its background lines, and the events that fall before
  // each of them after the part's first; the last part also ends with the events after them all.
  const { start, end } = splitRange(count, part.of)[part.index] ?? { start: 0, end: 0 };
  let e = 0;
  if (start > 0) {
    const after = timeOf(start - 1);
    while (e < events.length && (events[e] as LogEvent).ms <= after) e += 1;
  }
  for (let i = start; i < end; i += 1) {
    const ms = timeOf(i);
    for (let ev = events[e]; ev !== undefined && ev.ms <= ms; ev = events[++e]) {
      yield line(ev.ms, ev.text);
    }
    yield line(ms, make(s, i, ms));
  }
  if (part.index !== part.of - 1) return;
  for (; e < events.length; e += 1) {
    const ev = events[e] as LogEvent;
    yield line(ev.ms, ev.text);
  }
}
