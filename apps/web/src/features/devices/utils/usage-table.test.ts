import type { DeviceUsage } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  hasUsage,
  usageCsv,
  usageFileName,
  usageMonthOf,
  usageRows,
} from './usage-table';

const usage: DeviceUsage = {
  satelliteMonthlyUsage: 3_500_000,
  cellularMonthlyUsage: 1_200,
  satelliteDailyUsage: [
    { day: 1, usageValue: 1_500_000 },
    { day: 3, usageValue: 2_000_000 },
  ],
  cellularDailyUsage: [{ day: 3, usageValue: 1_200 }],
};
const past = { year: 2026, month: 2 };
const today = { year: 2026, month: 11, day: 22 };

describe('usageRows', () => {
  it('lists every day of a past month, zero where nothing was used', () => {
    const rows = usageRows(usage, past, today);
    expect(rows).toHaveLength(28);
    expect(rows.slice(0, 4)).toEqual([
      { date: '2026-02-01', cellular: 0, satellite: 1_500_000 },
      { date: '2026-02-02', cellular: 0, satellite: 0 },
      { date: '2026-02-03', cellular: 1_200, satellite: 2_000_000 },
      { date: '2026-02-04', cellular: 0, satellite: 0 },
    ]);
    expect(rows.at(-1)?.date).toBe('2026-02-28');
  });

  it('stops at today in the current month', () => {
    const rows = usageRows(usage, { year: 2026, month: 11 }, today);
    expect(rows).toHaveLength(22);
    expect(rows.at(-1)?.date).toBe('2026-11-22');
  });

  it('knows the length of months, leap years included', () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 12 })).toBe(31);
    expect(daysInMonth({ year: 2026, month: 4 })).toBe(30);
  });
});

describe('usageCsv', () => {
  it('writes the columns Date, CellularUsage, SatelliteUsage and one line per day in bytes', () => {
    const lines = usageCsv(usageRows(usage, past, today)).split('\r\n');
    expect(lines[0]).toBe('Date,CellularUsage,SatelliteUsage');
    expect(lines[1]).toBe('2026-02-01,0,1500000');
    expect(lines[3]).toBe('2026-02-03,1200,2000000');
    expect(lines).toHaveLength(28 + 2);
    expect(lines.at(-1)).toBe('');
  });
});

describe('usageFileName', () => {
  it('is usage-{serial}-{month}', () => {
    expect(usageFileName('KT-100234', { year: 2026, month: 3 })).toBe(
      'usage-KT-100234-2026-03.csv',
    );
  });

  it('replaces characters a file name cannot hold', () => {
    expect(usageFileName('Test3 unit/7', past)).toBe('usage-Test3_unit_7-2026-02.csv');
    expect(usageFileName('  ', past)).toBe('usage-device-2026-02.csv');
  });
});

describe('usageMonthOf', () => {
  it('reads a picker value or a date', () => {
    expect(usageMonthOf('2026-07-01')).toEqual({ year: 2026, month: 7 });
    expect(usageMonthOf(new Date(2026, 0, 31))).toEqual({ year: 2026, month: 1 });
  });
});

describe('hasUsage', () => {
  it('is false for a month without any bytes', () => {
    expect(hasUsage(usage)).toBe(true);
    expect(
      hasUsage({
        satelliteMonthlyUsage: 0,
        cellularMonthlyUsage: 0,
        satelliteDailyUsage: [],
        cellularDailyUsage: [],
      }),
    ).toBe(false);
  });
});
