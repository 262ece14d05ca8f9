import { describe, expect, it } from 'vitest';
import {
  subscriptionReportFileName,
  subscriptionReportParamsSchema,
} from './subscription-report.js';

const parse = (year: string, month: string) =>
  subscriptionReportParamsSchema.safeParse({ year, month });

function refusal(year: string, month: string): { path: string; message: string } {
  const result = parse(year, month);
  if (result.success) throw new Error(`accepted ${year}/${month}`);
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('the monthly report parameters', () => {
  it('reads a four-digit year and a month written with one or two digits', () => {
    expect(parse('2026', '03').data).toEqual({ year: 2026, month: 3 });
    expect(parse('2026', '3').data).toEqual({ year: 2026, month: 3 });
    expect(parse('2000', '12').data).toEqual({ year: 2000, month: 12 });
    expect(parse('2100', '1').data).toEqual({ year: 2100, month: 1 });
  });

  it('refuses a year that is not four digits, naming the year', () => {
    for (const year of ['abc', '26', '02026', '20 6', '2026.0', '-2026', '1e3', '']) {
      expect(refusal(year, '3'), year).toEqual({
        path: 'year',
        message: 'The year must be written with four digits, from 2000 to 2100.',
      });
    }
  });

  it('refuses years before 2000 and after 2100', () => {
    expect(refusal('1999', '12').path).toBe('year');
    expect(refusal('2101', '1').path).toBe('year');
  });

  it('refuses months outside 1 to 12, naming the month', () => {
    for (const month of ['0', '00', '13', '99', '003', 'abc', '1.5', ' 3', '']) {
      expect(refusal('2026', month), month).toEqual({
        path: 'month',
        message: 'The month must be a number from 1 to 12.',
      });
    }
  });
});

describe('the report file name', () => {
  it('is UsageReport-{yyyy}-{MM}.xlsx with the month in two digits', () => {
    expect(subscriptionReportFileName(2026, 3)).toBe('UsageReport-2026-03.xlsx');
    expect(subscriptionReportFileName(2025, 12)).toBe('UsageReport-2025-12.xlsx');
  });
});
