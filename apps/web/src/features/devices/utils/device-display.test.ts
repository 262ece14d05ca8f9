import { describe, expect, it } from 'vitest';
import {
  formatDataLimit,
  formatLocationUpdated,
  formatSize,
  formatUtcDate,
  formatUtcDateTime,
  isNeverUpdated,
  onlineState,
  onlineStateColor,
} from './device-display';

describe('formatDataLimit (spec 001 §5)', () => {
  it("shows 9999 as 'Unlimited'", () => expect(formatDataLimit(9999)).toBe('Unlimited'));
  it("shows an absent limit as 'N/A'", () => {
    expect(formatDataLimit(null)).toBe('N/A');
    expect(formatDataLimit(undefined)).toBe('N/A');
  });
  it("shows any other limit as '{n}GB'", () => {
    expect(formatDataLimit(50)).toBe('50GB');
    expect(formatDataLimit(0)).toBe('0GB');
    expect(formatDataLimit(9998)).toBe('9998GB');
  });
});

describe('dates (spec 001 §9)', () => {
  it('formats device subscription and software dates as yyyy-MM-dd HH:mm:ss in UTC', () => {
    expect(formatUtcDateTime('2026-03-04T05:06:07.890Z')).toBe('2026-03-04 05:06:07');
    // An offset is converted to UTC, not shown in local time.
    expect(formatUtcDateTime('2026-03-04T23:30:00-02:00')).toBe('2026-03-05 01:30:00');
  });
  it('formats plain dates as yyyy-MM-dd in UTC', () => {
    expect(formatUtcDate('2026-12-31T23:59:59Z')).toBe('2026-12-31');
  });
  it('answers null for a missing or invalid date', () => {
    expect(formatUtcDateTime(null)).toBeNull();
    expect(formatUtcDateTime('')).toBeNull();
    expect(formatUtcDateTime('not a date')).toBeNull();
  });
});

describe("formatSize ('0.0 b')", () => {
  it.each([
    [0, '0.0 B'],
    [999, '999.0 B'],
    [1000, '1.0 KB'],
    [1536, '1.5 KB'],
    [1_536_000, '1.5 MB'],
    [999_960, '1.0 MB'],
    [2_500_000_000, '2.5 GB'],
    [7.25e12, '7.3 TB'],
  ])('shows %d bytes as %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));
  it('treats a missing value as nothing used', () => expect(formatSize(null)).toBe('0.0 B'));
});

describe("'Location Updated'", () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it("shows 'Never' when empty or the epoch 1970-01-01", () => {
    expect(formatLocationUpdated(null, now)).toBe('Never');
    expect(formatLocationUpdated('', now)).toBe('Never');
    expect(formatLocationUpdated('1970-01-01T00:00:00Z', now)).toBe('Never');
    expect(formatLocationUpdated('1970-01-01T13:45:00Z', now)).toBe('Never');
    expect(isNeverUpdated('1970-01-02T00:00:00Z')).toBe(false);
  });
  it('shows a relative time otherwise', () => {
    expect(formatLocationUpdated('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatLocationUpdated('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
  });
  it('reads a time slightly ahead of the browser clock as just now', () => {
    expect(formatLocationUpdated('2026-11-22T12:00:20Z', now)).toBe('less than a minute ago');
  });
});

describe('online state colours (spec 001 §2)', () => {
  it('is green online, red offline, grey unknown', () => {
    expect(onlineStateColor[onlineState(true)]).toBe('green');
    expect(onlineStateColor[onlineState(false)]).toBe('red');
    expect(onlineStateColor[onlineState(null)]).toBe('gray');
  });
});
