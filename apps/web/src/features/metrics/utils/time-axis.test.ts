import { describe, expect, it } from 'vitest';
import { formatAxisTime, MAX_TIME_TICKS, timeAxisTicks } from './time-axis';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = new Date(2026, 10, 20, 9, 37).getTime();

describe('timeAxisTicks', () => {
  it.each([
    ['12 hours', 12 * HOUR],
    ['24 hours', DAY],
    ['7 days', 7 * DAY],
    ['30 days', 30 * DAY],
    ['400 days', 400 * DAY],
    ['20 minutes', HOUR / 3],
  ])('gives at most 6 ticks inside the range for %s', (_name, length) => {
    const ticks = timeAxisTicks(START, START + length);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(MAX_TIME_TICKS);
    expect(ticks[0]).toBeGreaterThanOrEqual(START);
    expect(ticks.at(-1)).toBeLessThanOrEqual(START + length);
  });

  it('puts the ticks of a day on round local hours', () => {
    const ticks = timeAxisTicks(START, START + DAY);
    expect(ticks).toHaveLength(6);
    for (const t of ticks) {
      expect(new Date(t).getMinutes()).toBe(0);
      expect(new Date(t).getHours() % 4).toBe(0);
    }
  });

  it('puts the ticks of a month on local midnights', () => {
    for (const t of timeAxisTicks(START, START + 30 * DAY)) {
      expect(new Date(t).getHours()).toBe(0);
    }
  });

  it('gives nothing for an empty range', () => {
    expect(timeAxisTicks(START, START)).toEqual([]);
  });
});

describe('formatAxisTime', () => {
  it("formats as 'MM/dd HH:mm'", () => {
    expect(formatAxisTime(new Date(2026, 0, 5, 7, 3).getTime())).toBe('01/05 07:03');
  });
});
