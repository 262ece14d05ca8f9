import { describe, expect, it } from 'vitest';
import { usageLevel, usageThisMonth, usedPercent } from './subscription-usage';

describe('usedPercent', () => {
  it('counts GB as 1000^3 bytes, whole percents rounded down, at most 100', () => {
    expect(usedPercent(80e9, 100)).toBe(80);
    expect(usedPercent(80e9 - 1, 100)).toBe(79);
    expect(usedPercent(250e9, 100)).toBe(100);
    expect(usedPercent(0, 5)).toBe(0);
  });

  it('has no share without a finite limit: Unlimited (9999) or none', () => {
    expect(usedPercent(1e12, 9999)).toBeNull();
    expect(usedPercent(1e9, null)).toBeNull();
    expect(usedPercent(1e9, 0)).toBeNull();
  });
});

describe('usageThisMonth', () => {
  const history = [
    { year: 2026, month: 10, value: 5, satelliteValue: 5, cellularValue: 0 },
    { year: 2026, month: 11, value: 7, satelliteValue: 3, cellularValue: 4 },
  ];
  it("reads the UTC month's total, 0 when the month has none", () => {
    expect(usageThisMonth({ monthlyUsageHistory: history }, new Date('2026-11-30T23:59:59Z'))).toBe(
      7,
    );
    expect(usageThisMonth({ monthlyUsageHistory: history }, new Date('2026-12-01T00:00:00Z'))).toBe(
      0,
    );
  });
});

describe('usageLevel', () => {
  it('is high from 80% and over from 100%, the usage alerts’ thresholds', () => {
    expect([0, 79, 80, 99, 100].map(usageLevel)).toEqual(['ok', 'ok', 'high', 'high', 'over']);
  });
});
