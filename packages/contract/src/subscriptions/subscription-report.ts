import { z } from 'zod';

/**
 * The monthly subscription report (spec 000 §2.8, §7, §8; docs/decisions/037): one workbook
 * row per subscription active at any time in a calendar month (UTC), saved by the browser as
 * `UsageReport-{yyyy}-{MM}.xlsx`.
 */

/** The report's media type: an Excel workbook (Office Open XML). */
export const SUBSCRIPTION_REPORT_MEDIA_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The years the report may be asked for. Months after the current one are refused too. */
export const SUBSCRIPTION_REPORT_YEARS = { min: 2000, max: 2100 } as const;

/** Bytes in one GB of the report's usage figures (decimal, as data packages are sold). */
export const REPORT_BYTES_PER_GB = 1_000_000_000;

const { min, max } = SUBSCRIPTION_REPORT_YEARS;
const yearMessage = `The year must be written with four digits, from ${min} to ${max}.`;
const monthMessage = 'The month must be a number from 1 to 12.';

/** `GET /v2/subscriptions/{year}/{month}`: year yyyy, month 1 to 12 (`3` or `03`). */
export const subscriptionReportParamsSchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/, yearMessage)
    .transform(Number)
    .pipe(z.number().int().min(min, yearMessage).max(max, yearMessage))
    .describe(`The report's year (yyyy, ${min} to ${max})`),
  month: z
    .string()
    .regex(/^\d{1,2}$/, monthMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, monthMessage).max(12, monthMessage))
    .describe('The month, 1 to 12 (MM or M)'),
});
export type SubscriptionReportParams = z.infer<typeof subscriptionReportParamsSchema>;

/** The report's column headings, in the workbook's order. */
export const subscriptionReportColumns = {
  account: 'Account',
  subscriptionNumber: 'Subscription Number',
  salesforceObjectId: 'Salesforce Object ID',
  salesforceAccountId: 'Salesforce Account ID',
  description: 'Description',
  productCode: 'Product Code',
  startDate: 'Start Date',
  endDate: 'End Date',
  dataLimitInGb: 'Data Limit (GB)',
  satelliteUsageGb: 'Satellite Usage (GB)',
  cellularUsageGb: 'Cellular Usage (GB)',
  totalUsageGb: 'Total Usage (GB)',
  devices: 'Devices',
} as const;
export type SubscriptionReportColumn = keyof typeof subscriptionReportColumns;

/**
 * Columns only the roles with `subscriptions.salesforce` receive ("Subscription Salesforce ids
 * and number", spec 001 §6); other roles get the workbook without them.
 */
export const SUBSCRIPTION_REPORT_SALESFORCE_COLUMNS: readonly SubscriptionReportColumn[] = [
  'subscriptionNumber',
  'salesforceObjectId',
  'salesforceAccountId',
];

/** Shown for a subscription without a number (as the list's Sub Number, spec 001 §2). */
export const SUBSCRIPTION_REPORT_UNKNOWN_NUMBER = 'Unknown';
/** Shown for a data limit of 9999 GB (`UNLIMITED_DATA_LIMIT_GB`, spec 001 §9). */
export const SUBSCRIPTION_REPORT_UNLIMITED = 'Unlimited';

/** The file name of a month's report: `UsageReport-2026-03.xlsx` (month in two digits). */
export function subscriptionReportFileName(year: number, month: number): string {
  return `UsageReport-${year}-${String(month).padStart(2, '0')}.xlsx`;
}
