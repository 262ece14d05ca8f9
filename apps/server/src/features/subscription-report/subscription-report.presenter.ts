import {
  REPORT_BYTES_PER_GB,
  SUBSCRIPTION_REPORT_SALESFORCE_COLUMNS,
  SUBSCRIPTION_REPORT_UNKNOWN_NUMBER,
  SUBSCRIPTION_REPORT_UNLIMITED,
  UNLIMITED_DATA_LIMIT_GB,
  subscriptionReportColumns,
  type SubscriptionReportColumn,
} from '@aerie/contract';
import type { ReportRow } from './subscription-report.repository.js';

/** One column of the workbook: its heading, width (characters) and Excel number format. */
export interface ReportColumn {
  key: SubscriptionReportColumn;
  header: string;
  width: number;
  numFmt?: string;
}

/** A cell's value as the workbook writes it; null leaves the cell empty. */
export type ReportCell = string | number | Date | null;
export type ReportCells = Partial<Record<SubscriptionReportColumn, ReportCell>>;

/** Which role-restricted columns the caller receives (spec 001 §6). */
export interface ReportAccess {
  /** Subscription number and Salesforce ids: `subscriptions.salesforce`. */
  salesforce: boolean;
}

const DATE = 'yyyy-mm-dd';
const WHOLE = '#,##0';

const LAYOUT: Record<SubscriptionReportColumn, Omit<ReportColumn, 'key' | 'header'>> = {
  account: { width: 34 },
  subscriptionNumber: { width: 22 },
  salesforceObjectId: { width: 22 },
  salesforceAccountId: { width: 22 },
  description: { width: 36 },
  productCode: { width: 16 },
  startDate: { width: 12, numFmt: DATE },
  endDate: { width: 12, numFmt: DATE },
  dataLimitInGb: { width: 15, numFmt: WHOLE },
  satelliteUsageGb: { width: 20, numFmt: WHOLE },
  cellularUsageGb: { width: 19, numFmt: WHOLE },
  totalUsageGb: { width: 17, numFmt: WHOLE },
  devices: { width: 9, numFmt: WHOLE },
};

/** The workbook's columns for this caller, in the contract's order. */
export function reportColumns(access: ReportAccess): ReportColumn[] {
  return (Object.keys(subscriptionReportColumns) as SubscriptionReportColumn[])
    .filter((key) => access.salesforce || !SUBSCRIPTION_REPORT_SALESFORCE_COLUMNS.includes(key))
    .map((key) => ({ key, header: subscriptionReportColumns[key], ...LAYOUT[key] }));
}

/**
 * Bytes as whole GB (10^9 bytes), rounded half up: 499,999,999 bytes is 0 GB, 500,000,000 is 1.
 * Exact for byte counts below 2^53 (9 PB): the sum stays an integer and one division rounds.
 */
export function wholeGb(bytes: number): number {
  return Math.floor((bytes + REPORT_BYTES_PER_GB / 2) / REPORT_BYTES_PER_GB);
}

/** The UTC calendar day of an instant, as midnight UTC (the workbook shows yyyy-MM-dd). */
export function utcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

/** 'Unlimited' for 9999, empty when missing (a malformed subscription), else the GB. */
function dataLimit(gb: number | null): ReportCell {
  if (gb === null) return null;
  return gb === UNLIMITED_DATA_LIMIT_GB ? SUBSCRIPTION_REPORT_UNLIMITED : gb;
}

/**
 * A subscription's cells. Each usage figure is rounded from its own bytes, so the total may
 * differ by one from the sum of the rounded satellite and cellular figures. The restricted
 * values are not even read for a caller without access.
 */
export function presentReportRow(row: ReportRow, access: ReportAccess): ReportCells {
  const cells: ReportCells = {
    account: row.accountName,
    description: row.description,
    productCode: row.productCode,
    startDate: utcDay(row.startDate),
    endDate: utcDay(row.endDate),
    dataLimitInGb: dataLimit(row.dataLimitInGb),
    satelliteUsageGb: wholeGb(row.satelliteBytes),
    cellularUsageGb: wholeGb(row.cellularBytes),
    totalUsageGb: wholeGb(row.satelliteBytes + row.cellularBytes),
    devices: row.devices,
  };
  if (access.salesforce) {
    cells.subscriptionNumber = row.subscriptionNumber || SUBSCRIPTION_REPORT_UNKNOWN_NUMBER;
    cells.salesforceObjectId = row.salesforceObjectId;
    cells.salesforceAccountId = row.salesforceAccountId;
  }
  return cells;
}
