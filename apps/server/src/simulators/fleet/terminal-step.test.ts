import { describe, expect, it } from 'vitest';
import { terminalReportSchema } from '@aerie/contract';
import { Random } from '../demo-fleet/random.js';
import { move, stepTerminal, type SimulatedTerminal } from './terminal-step.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const terminal = (over: Partial<SimulatedTerminal> = {}): SimulatedTerminal => ({
  id: '00000000-0000-4000-8000-000000000001',
  serial: 'HWK-1',
  kind: 'maritime',
  headingDeg: 90,
  speedKmh: 30,
  liveMetrics: false,
  uptimeSeconds: 1000,
  lastTickAt: new Date(NOW.getTime() - 300_000),
  activated: true,
  satelliteOnline: true,
  cellularOnline: null,
  latitude: 50,
  longitude: -20,
  softwareCurrentVersion: '4.2.0',
  softwareTargetVersion: null,
  softwareLocked: false,
  dataLimitGb: 50,
  hasSubscription: true,
  hasRouter: false,
  beamNumber: 101,
  ...over,
});

describe('fleet simulator terminal step', () => {
  it('writes reports the ingestion call accepts', () => {
    for (let seed = 1; seed < 200; seed++) {
      const step = stepTerminal(
        terminal({ liveMetrics: seed % 2 === 0, hasRouter: true }),
        NOW,
        new Random(seed),
      );
      expect(() => terminalReportSchema.parse(step.report)).not.toThrow();
    }
  });

  it('keeps a terminal that is not activated offline and silent on usage', () => {
    const step = stepTerminal(terminal({ activated: false }), NOW, new Random(3));
    expect(step.report.status?.satelliteOnline).toBe(false);
    expect(step.report.usage).toBeUndefined();
    expect(step.report.location).toBeUndefined();
  });

  it('moves a moving terminal east at about its speed, and never a fixed one', () => {
    const runs = Array.from({ length: 100 }, (_, seed) =>
      stepTerminal(terminal(), NOW, new Random(seed)),
    ).filter((s) => s.report.location);
    expect(runs.length).toBeGreaterThan(90);
    for (const s of runs) {
      const dLon = s.report.location!.longitude - -20;
      // 30 km/h for 5 minutes is at most 2.5 km: about 0.035 degrees of longitude at 50°N.
      expect(dLon).toBeGreaterThan(0);
      expect(dLon).toBeLessThan(0.04);
    }
    for (let seed = 0; seed < 50; seed++) {
      expect(
        stepTerminal(terminal({ kind: 'fixed', speedKmh: 0 }), NOW, new Random(seed)).report
          .location,
      ).toBeUndefined();
    }
  });

  it('keeps a vessel off the land and a truck out of the sea: at a coast it turns back (issue 13)', () => {
    const hourAgo = new Date(NOW.getTime() - 3_600_000);
    // Off Portugal, heading east for the coast about 30 km away at 60 km/h for an hour.
    const vessel = terminal({ latitude: 39.5, longitude: -9.6, speedKmh: 60, lastTickAt: hourAgo });
    // In Portugal, 40 km from the coast, heading west at 100 km/h for an hour.
    const truck = terminal({
      kind: 'landMobile',
      latitude: 39.5,
      longitude: -8.8,
      headingDeg: 270,
      speedKmh: 100,
      lastTickAt: hourAgo,
    });
    for (const [t, back] of [
      [vessel, 270],
      [truck, 90],
    ] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const step = stepTerminal(t, NOW, new Random(seed));
        if (!step.report.status?.satelliteOnline) continue;
        expect(step.report.location).toBeUndefined();
        const turn = Math.abs(((step.headingDeg - back + 540) % 360) - 180);
        expect(turn).toBeLessThan(120);
      }
    }
  });

  it('accrues usage in proportion to the package and the time since the last visit', () => {
    const day = (gb: number) =>
      stepTerminal(terminal({ dataLimitGb: gb }), NOW, new Random(9)).report.usage!.satelliteBytes;
    // Same random draws: 240 GB uses 48 times what 5 GB uses.
    expect(day(240) / day(5)).toBeCloseTo(48, 3);
    const fiveMinutes = day(50);
    expect(fiveMinutes).toBeGreaterThan(((50e9 / 30) * 0.4 * 300) / 86_400 - 1);
    expect(fiveMinutes).toBeLessThan(((50e9 / 30) * 1.3 * 300) / 86_400 + 1);
  });

  it('installs a scheduled update on some check-ins, never when locked', () => {
    const scheduled = terminal({
      softwareTargetVersion: '4.3.0',
      lastTickAt: new Date(NOW.getTime() - 3_600_000),
    });
    const versions = Array.from(
      { length: 200 },
      (_, seed) => stepTerminal(scheduled, NOW, new Random(seed)).report.software?.currentVersion,
    );
    expect(versions).toContain('4.3.0');
    expect(versions).toContain('4.2.0');
    const locked = Array.from(
      { length: 200 },
      (_, seed) =>
        stepTerminal({ ...scheduled, softwareLocked: true }, NOW, new Random(seed)).report.software
          ?.currentVersion,
    );
    expect(locked).not.toContain('4.3.0');
  });

  it('sends every hub sample due since the last visit for showcase terminals', () => {
    const step = stepTerminal(
      terminal({ liveMetrics: true, lastTickAt: new Date('2026-11-22T11:30:00Z') }),
      NOW,
      new Random(2),
    );
    const online = step.report.status?.satelliteOnline;
    const hub = step.report.metrics?.find(
      (m) => m.provider === 'PV_INTSATFLEXMOVE' && m.metric === 'MT_LATENCY',
    );
    if (online) {
      // 11:35, 11:40, ... 12:00
      expect(hub?.samples.map((s) => s.timestamp.slice(11, 16))).toEqual([
        '11:35',
        '11:40',
        '11:45',
        '11:50',
        '11:55',
        '12:00',
      ]);
      const antenna = step.report.metrics?.find((m) => m.metric === 'MT_SINR');
      expect(antenna?.samples.map((s) => s.timestamp.slice(11, 16))).toEqual(['12:00']);
    } else {
      expect(hub).toBeUndefined();
    }
  });

  it('turns back before the pole', () => {
    const next = move(71.99, 0, 0, 50);
    expect(next.latitude).toBe(72);
    expect(next.headingDeg).toBe(180);
    expect(move(10, 179.99, 90, 10).longitude).toBeLessThan(-179.8);
  });
});
