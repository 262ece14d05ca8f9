import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it("formats like '0.0 b': one decimal and decimal units", () => {
    expect(formatBytes(0)).toBe('0.0 B');
    expect(formatBytes(999)).toBe('999.0 B');
    expect(formatBytes(1000)).toBe('1.0 KB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
    expect(formatBytes(52_500_000_000)).toBe('52.5 GB');
    expect(formatBytes(3.2e12)).toBe('3.2 TB');
  });

  it("formats like '0.00 b' with two decimals", () => {
    expect(formatBytes(1_234_567, 2)).toBe('1.23 MB');
    expect(formatBytes(512, 2)).toBe('512.00 B');
  });

  it('carries a value that rounds up to 1000 into the next unit', () => {
    expect(formatBytes(999_960)).toBe('1.0 MB');
    expect(formatBytes(999_996, 2)).toBe('1.00 MB');
    expect(formatBytes(999_940)).toBe('999.9 KB');
  });

  it('keeps the sign and refuses what is not a number', () => {
    expect(formatBytes(-2500)).toBe('-2.5 KB');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});
