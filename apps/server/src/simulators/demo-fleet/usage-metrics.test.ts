import { describe, expect, it } from 'vitest';
import { generateDevice } from './generate-devices.js';
import { metricDay, metricsFor, PROVIDER_INTERVAL_SECONDS } from './metrics.js';
import { dailyUsage, lastDays } from './usage.js';

const now = new Date('2026-11-22T12:00:00Z');
const options = { seed: 9, accountCount: 5, now };
const devices = Array.from({ length: 400 }, (_, i) => generateDevice(i, options));
const active = devices.filter(
  (d) => d.activated && d.subscription && d.subscription.startDate < new Date('2026-01-01'),
);

describe('dailyUsage', () => {
  it('is deterministic and zero for devices that are not activated', () => {
    const day = new Date('2026-11-01T00:00:00Z');
    const d = active[0]!;
    expect(dailyUsage(9, d, day)).toEqual(dailyUsage(9, d, day));
    const idle = devices.find((x) => !x.activated)!;
    expect(dailyUsage(9, idle, day)).toMatchObject({ satelliteBytes: 0, cellularBytes: 0 });
  });

  it('stays in the range of the subscribed package over a month', () => {
    const days = lastDays(now, 30);
    for (const d of active
      .filter((x) => x.subscription?.dataLimitInGb && x.subscription.dataLimitInGb !== 9999)
      .slice(0, 50)) {
      const total = days.reduce((sum, day) => {
        const u = dailyUsage(9, d, day);
        return sum + u.satelliteBytes + u.cellularBytes;
      }, 0);
      expect(total / 1e9).toBeLessThan(d.subscription!.dataLimitInGb! * 3);
    }
  });

  it('puts some subscriptions over 80% of their plan on the first day of every month', () => {
    const limited = active.filter(
      (x) => x.subscription?.dataLimitInGb && x.subscription.dataLimitInGb !== 9999,
    );
    for (const first of ['2026-11-01', '2026-12-01']) {
      const day = new Date(`${first}T00:00:00Z`);
      const over = limited.filter((d) => {
        const u = dailyUsage(9, d, day);
        return u.satelliteBytes + u.cellularBytes >= d.subscription!.dataLimitInGb! * 1e9 * 0.8;
      });
      // About 4% of them, a different day's usage unchanged.
      expect(over.length, first).toBeGreaterThan(0);
      expect(over.length, first).toBeLessThan(limited.length * 0.1);
    }
    const second = new Date('2026-11-02T00:00:00Z');
    expect(
      limited.every((d) => {
        const u = dailyUsage(9, d, second);
        return u.satelliteBytes + u.cellularBytes < d.subscription!.dataLimitInGb! * 1e9 * 0.8;
      }),
    ).toBe(true);
  });

  it('only uses cellular data where cell traffic is allowed', () => {
    for (const d of active.slice(0, 60)) {
      const u = dailyUsage(9, d, new Date('2026-11-10T00:00:00Z'));
      if (!d.enableCellTraffic) expect(u.cellularBytes).toBe(0);
    }
  });

  it('lists the last days up to today', () => {
    const days = lastDays(now, 3);
    expect(days.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });
});

describe('metricDay', () => {
  const device = active.find((d) => d.site.kind === 'maritime')!;
  const day = new Date('2026-11-20T00:00:00Z');

  it('samples each provider at its own interval, within the day', () => {
    for (const { provider, metric } of metricsFor(device)) {
      const m = metricDay(9, device, provider, metric, day);
      expect(m.seconds.length).toBe(m.values.length);
      expect(m.seconds.length).toBeLessThanOrEqual(86_400 / PROVIDER_INTERVAL_SECONDS[provider]!);
      for (const s of m.seconds) {
        expect(s % PROVIDER_INTERVAL_SECONDS[provider]!).toBe(0);
        expect(s).toBeLessThan(86_400);
      }
    }
  });

  it('reports online status as 1 or 6 when up and 0 when down', () => {
    const m = metricDay(9, device, 'PV_ANTENNA', 'MT_ONLINESTATUS', day);
    expect(new Set(m.values).size).toBeGreaterThan(0);
    for (const v of m.values) expect([0, 1, 6]).toContain(v);
  });

  it('moves a vessel but keeps it plausible', () => {
    const lat = metricDay(9, device, 'PV_ANTENNA', 'MT_LATITUDE', day).values;
    expect(Math.max(...lat) - Math.min(...lat)).toBeGreaterThan(0);
    for (const v of lat) expect(Math.abs(v)).toBeLessThanOrEqual(90);
  });

  it('is deterministic', () => {
    expect(metricDay(9, device, 'PV_INTSATFLEXMOVE', 'MT_LATENCY', day)).toEqual(
      metricDay(9, device, 'PV_INTSATFLEXMOVE', 'MT_LATENCY', day),
    );
  });
});
