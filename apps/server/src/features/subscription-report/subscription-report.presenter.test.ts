import { describe, expect, it } from 'vitest';
import { subscriptionReportColumns } from '@aerie/contract';
import {
  presentReportRow,
  reportColumns,
  utcDay,
  wholeGb,
} from './subscription-report.presenter.js';
import type { ReportRow } from './subscription-report.repository.js';

const GB = 1_000_000_000;

function row(over: Partial<ReportRow> = {}): ReportRow {
  return {
    id: '0b000000-0000-4000-8000-000000000001',
    subscriptionNumber: 'SUB-1',
    salesforceObjectId: 'a0X000000000001',
    salesforceAccountId: '001000000000001',
    description: 'Maritime 50 GB',
    productCode: 'SVC-050-SAT',
    startDate: new Date('2026-10-15T23:30:00Z'),
    endDate: new Date('2027-10-15T00:00:00Z'),
    dataLimitInGb: 50,
    accountName: 'Northwind Maritime',
    satelliteBytes: 0,
    cellularBytes: 0,
    devices: 2,
    ...over,
  };
}

describe('whole GB of the report', () => {
  it('rounds half up at 500,000,000 bytes', () => {
    expect(wholeGb(0)).toBe(0);
    expect(wholeGb(499_999_999)).toBe(0);
    expect(wholeGb(500_000_000)).toBe(1);
    expect(wholeGb(1_499_999_999)).toBe(1);
    expect(wholeGb(1_500_000_000)).toBe(2);
    expect(wholeGb(2 * GB)).toBe(2);
  });

  it('stays exact for petabytes of usage', () => {
    expect(wholeGb(4_000_000 * GB + 499_999_999)).toBe(4_000_000);
    expect(wholeGb(4_000_000 * GB + 500_000_000)).toBe(4_000_001);
  });
});

describe('a report row', () => {
  it('shows dates as the UTC day, whatever the time of day', () => {
    expect(utcDay(new Date('2026-10-15T23:30:00Z'))).toEqual(new Date('2026-10-15T00:00:00Z'));
    expect(utcDay(new Date('2026-10-01T00:00:00Z'))).toEqual(new Date('2026-10-01T00:00:00Z'));
    const cells = presentReportRow(row(), { salesforce: true });
    expect(cells.startDate).toEqual(new Date('2026-10-15T00:00:00Z'));
    expect(cells.endDate).toEqual(new Date('2027-10-15T00:00:00Z'));
  });

  it('rounds satellite, cellular and total each from its own bytes', () => {
    const cells = presentReportRow(
      row({ satelliteBytes: 499_999_999, cellularBytes: 500_000_000 }),
      {
        salesforce: false,
      },
    );
    expect([cells.satelliteUsageGb, cells.cellularUsageGb, cells.totalUsageGb]).toEqual([0, 1, 1]);
    const halves = presentReportRow(
      row({ satelliteBytes: 1_500_000_000, cellularBytes: 1_500_000_000 }),
      {
        salesforce: false,
      },
    );
    expect([halves.satelliteUsageGb, halves.cellularUsageGb, halves.totalUsageGb]).toEqual([
      2, 2, 3,
    ]);
  });

  it("shows 'Unlimited' for 9999 GB and nothing for a missing limit", () => {
    const access = { salesforce: false };
    expect(presentReportRow(row({ dataLimitInGb: 9999 }), access).dataLimitInGb).toBe('Unlimited');
    expect(presentReportRow(row({ dataLimitInGb: null }), access).dataLimitInGb).toBeNull();
    expect(presentReportRow(row({ dataLimitInGb: 240 }), access).dataLimitInGb).toBe(240);
  });

  it("gives the number ('Unknown' when missing) and Salesforce ids only with access", () => {
    const full = presentReportRow(row(), { salesforce: true });
    expect(full).toMatchObject({
      subscriptionNumber: 'SUB-1',
      salesforceObjectId: 'a0X000000000001',
      salesforceAccountId: '001000000000001',
    });
    expect(
      presentReportRow(row({ subscriptionNumber: null }), { salesforce: true }).subscriptionNumber,
    ).toBe('Unknown');
    const limited = presentReportRow(row(), { salesforce: false });
    expect(limited).not.toHaveProperty('subscriptionNumber');
    expect(limited).not.toHaveProperty('salesforceObjectId');
    expect(limited).not.toHaveProperty('salesforceAccountId');
    expect(limited).toMatchObject({ account: 'Northwind Maritime', devices: 2 });
  });
});

describe('the report columns', () => {
  it("are the contract's, without the number and Salesforce ids for a role without access", () => {
    const all = Object.values(subscriptionReportColumns);
    expect(reportColumns({ salesforce: true }).map((c) => c.header)).toEqual(all);
    expect(reportColumns({ salesforce: false }).map((c) => c.header)).toEqual(
      all.filter(
        (h) =>
          !['Subscription Number', 'Salesforce Object ID', 'Salesforce Account ID'].includes(h),
      ),
    );
  });

  it('format dates as yyyy-mm-dd and figures as whole numbers', () => {
    const byKey = new Map(reportColumns({ salesforce: true }).map((c) => [c.key, c]));
    expect(byKey.get('startDate')?.numFmt).toBe('yyyy-mm-dd');
    expect(byKey.get('endDate')?.numFmt).toBe('yyyy-mm-dd');
    expect(byKey.get('totalUsageGb')?.numFmt).toBe('#,##0');
    expect(byKey.get('account')?.numFmt).toBeUndefined();
  });
});
