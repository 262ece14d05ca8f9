import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reachedUsageThresholds, usageThresholdBytes } from './usage-alerts.js';

const GB = 1_000_000_000n;

describe('usageThresholdBytes', () => {
  it('is the percentage of the limit in bytes (GB = 1000^3 bytes)', () => {
    expect(usageThresholdBytes(100, 80)).toBe(80n * GB);
    expect(usageThresholdBytes(100, 100)).toBe(100n * GB);
    expect(usageThresholdBytes(5, 80)).toBe(4n * GB);
    expect(usageThresholdBytes(1, 80)).toBe(800_000_000n);
    expect(usageThresholdBytes(9998, 100)).toBe(9998n * GB);
  });
});

describe('reachedUsageThresholds', () => {
  it('reaches 80% at exactly 80% of the limit, not a byte before', () => {
    expect(reachedUsageThresholds(80n * GB, 100)).toEqual([80]);
    expect(reachedUsageThresholds(80n * GB - 1n, 100)).toEqual([]);
    expect(reachedUsageThresholds(800_000_000n, 1)).toEqual([80]);
    expect(reachedUsageThresholds(799_999_999n, 1)).toEqual([]);
  });

  it('reaches 100% at exactly the limit, and 80% with it', () => {
    expect(reachedUsageThresholds(100n * GB, 100)).toEqual([80, 100]);
    expect(reachedUsageThresholds(100n * GB - 1n, 100)).toEqual([80]);
    expect(reachedUsageThresholds(10n * 100n * GB, 100)).toEqual([80, 100]);
  });

  it('reaches nothing with no usage', () => {
    expect(reachedUsageThresholds(0n, 5)).toEqual([]);
  });

  it('never alerts an Unlimited (9999 GB) or malformed (no limit) subscription', () => {
    expect(reachedUsageThresholds(10n ** 18n, 9999)).toEqual([]);
    expect(reachedUsageThresholds(10n ** 18n, null)).toEqual([]);
    expect(reachedUsageThresholds(10n ** 18n, 0)).toEqual([]);
    expect(reachedUsageThresholds(10n ** 18n, -5)).toEqual([]);
    expect(reachedUsageThresholds(10n ** 18n, 2.5)).toEqual([]);
  });

  it('counts exactly far beyond a double’s whole numbers', () => {
    // 2^53 + 1 is not a double: the comparison must be done on whole bytes.
    const limit = 9000;
    const at = usageThresholdBytes(limit, 100);
    expect(reachedUsageThresholds(at + 2n ** 53n, limit)).toEqual([80, 100]);
    expect(reachedUsageThresholds(at - 1n, limit)).toEqual([80]);
  });

  it('agrees with the percentage computed in whole numbers for any limit and usage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9998 }),
        fc.bigInt({ min: 0n, max: 2n * 9998n * GB }),
        (limit, bytes) => {
          const expected = [80, 100].filter((t) => bytes * 100n >= BigInt(limit) * GB * BigInt(t));
          expect(reachedUsageThresholds(bytes, limit)).toEqual(expected);
        },
      ),
    );
  });
});
