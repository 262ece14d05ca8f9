import { describe, expect, it } from 'vitest';
import { formatLineDate, formatUtc } from './log-time';

describe('log times', () => {
  it('shows UTC with milliseconds, and Invalid Date for a line without a time', () => {
    expect(formatUtc(Date.parse('2026-11-22T09:56:00.024Z'))).toBe('2026-11-22 09:56:00.024');
    expect(formatLineDate('2026-11-22T09:56:00.024Z')).toBe('2026-11-22 09:56:00.024');
    expect(formatLineDate(null)).toBe('Invalid Date');
    expect(formatLineDate('not a time')).toBe('Invalid Date');
  });
});
