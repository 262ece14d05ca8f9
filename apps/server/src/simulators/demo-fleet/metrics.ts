import type { DemoDevice } from './generate-devices.js';
import { Random } from './random.js';
import type { Site, SiteKind } from './sites.js';

/** Sampling interval per provider (spec 001 §9 gap rules: the antenna reports hourly, the hub every 5 minutes). */
export const PROVIDER_INTERVAL_SECONDS: Record<string, number> = {
  PV_ANTENNA: 3600,
  PV_INTSATFLEXMOVE: 300,
  PV_HYBRIDROUTER: 900,
};

export interface MetricDay {
  providerShortcode: string;
  metricShortcode: string;
  /** UTC midnight. */
  day: Date;
  /** Seconds since midnight of each sample. */
  seconds: number[];
  values: number[];
}

const DAY_S = 86_400;
const EARTH_KM_PER_DEGREE = 111.32;

/** The metrics each provider reports (the router only on terminals with a hybrid router). */
export const PROVIDER_METRICS: Readonly<Record<string, readonly string[]>> = {
  PV_ANTENNA: [
    'MT_ONLINESTATUS',
    'MT_LATITUDE',
    'MT_LONGITUDE',
    'MT_SPEED',
    'MT_ALTITUDE',
    'MT_SUPPLY_VOLTAGE',
    'MT_SUPPLY_CURRENT',
    'MT_TEMPERATURE',
    'MT_SINR',
    'MT_BEAM',
  ],
  PV_INTSATFLEXMOVE: [
    'MT_ONLINESTATUS',
    'MT_CN0',
    'MT_LATENCY',
    'MT_RX_RATE',
    'MT_TX_RATE',
    'MT_RX_BYTES',
  ],
  PV_HYBRIDROUTER: ['MT_RSSI', 'MT_CPU', 'MT_UPTIME'],
};

/** The providers and metrics of a terminal. */
export function providerMetrics(hasRouter: boolean): { provider: string; metric: string }[] {
  return Object.entries(PROVIDER_METRICS)
    .filter(([provider]) => hasRouter || provider !== 'PV_HYBRIDROUTER')
    .flatMap(([provider, metrics]) => metrics.map((metric) => ({ provider, metric })));
}

/** The metrics a device reports, by provider. */
export function metricsFor(device: DemoDevice): { provider: string; metric: string }[] {
  return providerMetrics(device.components.some((c) => c.type === 'HybridRouter'));
}

/** Whether the terminal is up at a moment: a few outages a week, longer for mobile terminals. */
function isOnline(rnd: Random, device: DemoDevice, hourOfWeek: number): boolean {
  if (!device.activated) return false;
  const outageChance = device.site.kind === 'fixed' ? 0.01 : 0.04;
  // An outage hour is decided per hour so consecutive samples agree.
  return !rnd.fork(hourOfWeek).chance(outageChance);
}

/**
 * One day of one metric for one device. Values follow the physics of the
 * metric: positions move along the heading at the terminal's speed,
 * temperature follows the sun, throughput follows the working day.
 */
export function metricDay(
  seed: number,
  device: DemoDevice,
  provider: string,
  metric: string,
  day: Date,
): MetricDay {
  const interval = PROVIDER_INTERVAL_SECONDS[provider] ?? 900;
  const dayIndex = Math.floor(day.getTime() / (DAY_S * 1000));
  const base = new Random(seed).fork(device.index);
  const rnd = base.fork(dayIndex * 31 + metric.length);
  const seconds: number[] = [];
  const values: number[] = [];
  const site = device.site;
  const localOffsetHours = site.longitude / 15;
  let uptime = rnd.int(0, 40 * DAY_S);
  for (let s = 0; s < DAY_S; s += interval) {
    const hourOfWeek = ((dayIndex * 24 + Math.floor(s / 3600)) % (24 * 7)) + dayIndex * 1000;
    const online = isOnline(base, device, hourOfWeek);
    // Hub and router stop reporting while the terminal is down; the antenna reports its state.
    if (!online && provider !== 'PV_ANTENNA') continue;
    // The antenna misses a report now and then: the chart's gap rule has something to do.
    if (provider === 'PV_ANTENNA' && rnd.chance(0.02)) continue;
    const localHour = (((s / 3600 + localOffsetHours) % 24) + 24) % 24;
    const hoursSinceEpoch = dayIndex * 24 + s / 3600;
    if (metric === 'MT_UPTIME') {
      uptime += interval;
      if (rnd.chance(0.002)) uptime = 0;
    }
    const value = sampleValue(metric, {
      online,
      rnd,
      kind: site.kind,
      speedKmh: site.speedKmh,
      position:
        metric === 'MT_LATITUDE' || metric === 'MT_LONGITUDE'
          ? drift(site, hoursSinceEpoch, rnd)
          : site,
      localHour,
      interval,
      beamNumber: Number(device.beams[0]?.network.networkId.slice(4) ?? 0),
      uptimeSeconds: uptime,
    });
    seconds.push(s);
    values.push(value);
  }
  return { providerShortcode: provider, metricShortcode: metric, day, seconds, values };
}

/** Where a moving terminal of the history is: a slow drift along its heading, with GNSS noise. */
function drift(site: Site, hoursSinceEpoch: number, rnd: Random) {
  const km = site.speedKmh * 0.6 * (hoursSinceEpoch % (24 * 30));
  const heading = ((site.heading ?? 0) * Math.PI) / 180;
  const dLat = (Math.cos(heading) * km) / EARTH_KM_PER_DEGREE / 40;
  const dLon =
    (Math.sin(heading) * km) /
    (EARTH_KM_PER_DEGREE * Math.max(0.2, Math.cos((site.latitude * Math.PI) / 180))) /
    40;
  const noise = rnd.normal(0, 0.00005);
  return { latitude: site.latitude + dLat + noise, longitude: site.longitude + dLon + noise };
}

/** What a terminal reports at one moment; shared by the generated history and the live simulator. */
export interface SampleContext {
  online: boolean;
  rnd: Random;
  kind: SiteKind;
  speedKmh: number;
  position: { latitude: number; longitude: number };
  /** Local solar hour, 0-24. */
  localHour: number;
  /** Seconds since the previous sample. */
  interval: number;
  beamNumber: number;
  uptimeSeconds: number;
}

/**
 * One sample of one metric. Values follow the physics of the metric:
 * temperature follows the sun, throughput follows the working day, the
 * signal drops now and then. Rounded to two decimals (positions to five).
 */
export function sampleValue(metric: string, c: SampleContext): number {
  const { online, rnd, interval } = c;
  const daylight = Math.max(0, Math.sin(((c.localHour - 6) / 12) * Math.PI));
  const busy = c.localHour > 7 && c.localHour < 22 ? 1 : 0.35;
  let value: number;
  switch (metric) {
    case 'MT_ONLINESTATUS':
      return online ? (rnd.chance(0.03) ? 6 : 1) : 0;
    case 'MT_LATITUDE':
      return Math.round(c.position.latitude * 1e5) / 1e5;
    case 'MT_LONGITUDE':
      return Math.round(c.position.longitude * 1e5) / 1e5;
    case 'MT_SPEED':
      value =
        c.speedKmh === 0
          ? 0
          : Math.max(0, c.speedKmh * (busy === 1 ? 1 : 0.3) + rnd.normal(0, c.speedKmh * 0.1));
      break;
    case 'MT_ALTITUDE':
      value = c.kind === 'maritime' ? 18 + rnd.normal(0, 1.5) : 420 + rnd.normal(0, 6);
      break;
    case 'MT_SUPPLY_VOLTAGE':
      value = 24 + rnd.normal(0, 0.25);
      break;
    case 'MT_SUPPLY_CURRENT':
      value = online ? 3.2 + busy * 1.6 + rnd.normal(0, 0.3) : 1.1 + rnd.normal(0, 0.1);
      break;
    case 'MT_TEMPERATURE':
      value = 18 + daylight * 22 + rnd.normal(0, 1.2);
      break;
    case 'MT_SINR':
      value = online ? 8 + rnd.normal(0, 2.2) - (rnd.chance(0.03) ? rnd.float(4, 9) : 0) : -5;
      break;
    case 'MT_BEAM':
      return c.beamNumber;
    case 'MT_CN0':
      value = 68 + rnd.normal(0, 2.5);
      break;
    case 'MT_LATENCY':
      value = 590 + Math.abs(rnd.normal(0, 35)) + (busy === 1 ? 40 : 0);
      break;
    case 'MT_RX_RATE':
      value = Math.max(0, 900 * busy + rnd.normal(0, 300));
      break;
    case 'MT_TX_RATE':
      value = Math.max(0, 220 * busy + rnd.normal(0, 80));
      break;
    case 'MT_RX_BYTES':
      return Math.max(0, Math.round(((900 * busy + rnd.normal(0, 300)) * 1000 * interval) / 8));
    case 'MT_RSSI':
      value = -72 + rnd.normal(0, 6);
      break;
    case 'MT_CPU':
      value = Math.min(100, Math.max(1, 12 + busy * 25 + rnd.normal(0, 6)));
      break;
    case 'MT_UPTIME':
      return c.uptimeSeconds;
    default:
      value = 0;
  }
  return Math.round(value * 100) / 100;
}
