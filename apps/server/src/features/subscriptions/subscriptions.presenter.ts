import type {
  Subscription,
  SubscriptionActivity,
  SubscriptionDailyUsage,
  SubscriptionDevice,
  SubscriptionListField,
  SubscriptionListItem,
  SubscriptionMonthlyUsage,
  SubscriptionSummary,
  SubscriptionsUsageItem,
} from '@aerie/contract';
import type {
  ActivityRow,
  DailyUsageRow,
  MonthlyUsageRow,
  MonthUsageByIdRow,
  SubscriptionDeviceRow,
  SubscriptionListRow,
  SubscriptionRow,
} from './subscriptions.repository.js';

/** Which role-restricted fields the caller may see in this view (spec 001 §6). */
export interface FieldAccess {
  /** Subscription number and Salesforce ids. */
  salesforce: boolean;
  /** Network identifiers and NMS id. */
  networks: boolean;
}

const iso = (d: Date) => d.toISOString();

/** A list row with only the requested fields (its dates are ISO text from the SQL already). */
export function presentSubscriptionListItem(
  row: SubscriptionListRow,
  fields: ReadonlySet<SubscriptionListField>,
): SubscriptionListItem {
  const item: SubscriptionListItem = {};
  if (fields.has('Id')) item.id = row.id;
  if (fields.has('SubscriptionNumber')) item.subscriptionNumber = row.subscriptionNumber;
  if (fields.has('Description')) item.description = row.description;
  if (fields.has('ProductCode')) item.productCode = row.productCode;
  if (fields.has('AccountId')) item.accountId = row.accountId;
  if (fields.has('AccountName')) item.accountName = row.accountName;
  if (fields.has('StartDate')) item.startDate = row.startDate;
  if (fields.has('EndDate')) item.endDate = row.endDate;
  return item;
}

/** spec 001 §3: malformed when dataLimitInGb, networkIdentifiers or nmsId is missing. */
export function isMalformed(
  row: Pick<SubscriptionRow, 'dataLimitInGb' | 'networkIdentifiers' | 'nmsId'>,
): boolean {
  return (
    row.dataLimitInGb === null ||
    row.networkIdentifiers === null ||
    row.networkIdentifiers.length === 0 ||
    row.nmsId === null ||
    row.nmsId === ''
  );
}

/** A subscription with the restricted fields the caller may see; the others are absent. */
export function presentSubscriptionSummary(
  row: SubscriptionRow,
  access: FieldAccess,
): SubscriptionSummary {
  const summary: SubscriptionSummary = {
    id: row.id,
    description: row.description,
    productCode: row.productCode,
    accountId: row.accountId,
    accountName: row.accountName,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    dataLimitInGb: row.dataLimitInGb,
    hasSatellite: row.hasSatellite,
    hasCellular: row.hasCellular,
    active: row.active,
    malformed: isMalformed(row),
  };
  if (access.salesforce) {
    summary.subscriptionNumber = row.subscriptionNumber;
    summary.salesforceObjectId = row.salesforceObjectId;
    summary.salesforceAccountId = row.salesforceAccountId;
  }
  if (access.networks) {
    summary.networkIdentifiers = row.networkIdentifiers;
    summary.nmsId = row.nmsId;
  }
  return summary;
}

/** Bytes as the usage answers name them: value is satellite plus cellular. */
function usageValues(row: Pick<MonthlyUsageRow, 'satelliteBytes' | 'cellularBytes'>) {
  const { satelliteBytes: satelliteValue, cellularBytes: cellularValue } = row;
  return { value: satelliteValue + cellularValue, satelliteValue, cellularValue };
}

export function presentMonthUsageById(row: MonthUsageByIdRow): SubscriptionsUsageItem {
  return { id: row.id, dataLimitInGb: row.dataLimitInGb, ...usageValues(row) };
}

export function presentMonthlyUsage(row: MonthlyUsageRow): SubscriptionMonthlyUsage {
  return { year: row.year, month: row.month, ...usageValues(row) };
}

export function presentDailyUsage(row: DailyUsageRow): SubscriptionDailyUsage {
  return { date: row.date, ...usageValues(row) };
}

export function presentSubscription(
  row: SubscriptionRow,
  access: FieldAccess,
  usage: MonthlyUsageRow[],
  devices: { names: string[]; count: number },
): Subscription {
  return {
    ...presentSubscriptionSummary(row, access),
    pendingTransferEmail: row.pendingTransferEmail,
    monthlyUsageHistory: usage.map(presentMonthlyUsage),
    remoteNames: devices.names,
    deviceCount: devices.count,
  };
}

export function presentSubscriptionDevice(row: SubscriptionDeviceRow): SubscriptionDevice {
  return { id: row.id, name: row.name, serial: row.serial, active: row.active };
}

export function presentActivity(row: ActivityRow): SubscriptionActivity {
  return {
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceSerial: row.deviceSerial,
    startDate: iso(row.startDate),
    endDate: row.endDate ? iso(row.endDate) : null,
    active: row.active,
  };
}
