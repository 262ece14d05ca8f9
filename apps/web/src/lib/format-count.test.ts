import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes counts as en-US does', () => {
    for (const n of [
      0, 1, 12, 999, 1000, 12_345, 100_000, 1_234_567, -1234, 9_007_199_254_740_991,
    ]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves fractions to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
