import { describe, expect, it } from 'vitest';
import type { MonthUsage } from './telemetry.repository.js';
import { usageAlertsReached } from './usage-alerts.js';

const GB = 1_000_000_000n;
const NOW = new Date('2026-03-15T12:00:00Z');
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function month(over: Partial<MonthUsage> = {}): MonthUsage {
  return {
    subscriptionId: A,
    year: 2026,
    month: 3,
    bytes: String(80n * GB),
    dataLimitInGb: 100,
    ...over,
  };
}

describe('usageAlertsReached', () => {
  it('reaches 80% at exactly 80% of the limit, and nothing a byte under', () => {
    expect(usageAlertsReached([month()], NOW)).toEqual([
      { subscriptionId: A, year: 2026, month: 3, threshold: 80, dataLimitInGb: 100 },
    ]);
    expect(usageAlertsReached([month({ bytes: String(80n * GB - 1n) })], NOW)).toEqual([]);
  });

  it('reaches both thresholds at the whole limit', () => {
    const reached = usageAlertsReached([month({ bytes: String(100n * GB) })], NOW);
    expect(reached.map((a) => a.threshold)).toEqual([80, 100]);
  });

  it('alerts nothing for Unlimited (9999 GB) or a malformed subscription (no limit)', () => {
    const huge = String(10n ** 15n);
    expect(usageAlertsReached([month({ bytes: huge, dataLimitInGb: 9999 })], NOW)).toEqual([]);
    expect(usageAlertsReached([month({ bytes: huge, dataLimitInGb: null })], NOW)).toEqual([]);
  });

  it('alerts the current UTC month and the one before, never older or later months', () => {
    const at = (year: number, m: number) =>
      usageAlertsReached([month({ year, month: m })], NOW).length;
    expect(at(2026, 3)).toBe(1);
    expect(at(2026, 2)).toBe(1);
    expect(at(2026, 1)).toBe(0);
    expect(at(2025, 3)).toBe(0);
    expect(at(2026, 4)).toBe(0);
    // Across a year's end: December is the month before January.
    const january = new Date('2027-01-01T00:00:05Z');
    expect(usageAlertsReached([month({ year: 2026, month: 12 })], january)).toHaveLength(1);
    expect(usageAlertsReached([month({ year: 2026, month: 11 })], january)).toHaveLength(0);
  });

  it('orders the alerts by subscription, month and threshold', () => {
    const reached = usageAlertsReached(
      [
        month({ subscriptionId: B, bytes: String(100n * GB) }),
        month({ subscriptionId: A, month: 3 }),
        month({ subscriptionId: A, month: 2, bytes: String(200n * GB) }),
      ],
      NOW,
    );
    expect(reached.map((a) => `${a.subscriptionId.slice(-1)}/${a.month}/${a.threshold}`)).toEqual([
      'a/2/80',
      'a/2/100',
      'a/3/80',
      'b/3/80',
      'b/3/100',
    ]);
  });
});
