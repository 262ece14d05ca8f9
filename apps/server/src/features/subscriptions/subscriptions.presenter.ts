import type {
  Subscription,
  SubscriptionActivity,
  SubscriptionDailyUsage,
  SubscriptionDevice,
  SubscriptionListField,
  SubscriptionListItem,
  SubscriptionMonthlyUsage,
  SubscriptionSummary,
} from '@aerie/contract';
import type {
  ActivityRow,
  DailyUsageRow,
  MonthlyUsageRow,
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

/** A list row with only the requested fields. */
export function presentSubscriptionListItem(
  row: SubscriptionListRow,
  fields: ReadonlySet<SubscriptionListField>,
): SubscriptionListItem {
  const item: SubscriptionListItem = {};
  if (fields.has('Id')) item.id = row.id;
  if (fields.has('SubscriptionNumber')) item.subscriptionNumber = row.subscription_number;
  if (fields.has('Description')) item.description = row.description;
  if (fields.has('ProductCode')) item.productCode = row.product_code;
  if (fields.has('AccountId')) item.accountId = row.account_id;
  if (fields.has('AccountName')) item.accountName = row.account_name;
  if (fields.has('StartDate')) item.startDate = iso(row.start_date);
  if (fields.has('EndDate')) item.endDate = iso(row.end_date);
  return item;
}

/** spec 001 §3: malformed when dataLimitInGb, networkIdentifiers or nmsId is missing. */
export function isMalformed(
  row: Pick<SubscriptionRow, 'data_limit_gb' | 'network_identifiers' | 'nms_id'>,
): boolean {
  return (
    row.data_limit_gb === null ||
    row.network_identifiers === null ||
    row.network_identifiers.length === 0 ||
    row.nms_id === null ||
    row.nms_id === ''
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
    productCode: row.product_code,
    accountId: row.account_id,
    accountName: row.account_name,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    dataLimitInGb: row.data_limit_gb,
    hasSatellite: row.has_satellite,
    hasCellular: row.has_cellular,
    active: row.active,
    malformed: isMalformed(row),
  };
  if (access.salesforce) {
    summary.subscriptionNumber = row.subscription_number;
    summary.salesforceObjectId = row.salesforce_object_id;
    summary.salesforceAccountId = row.salesforce_account_id;
  }
  if (access.networks) {
    summary.networkIdentifiers = row.network_identifiers;
    summary.nmsId = row.nms_id;
  }
  return summary;
}

export function presentMonthlyUsage(row: MonthlyUsageRow): SubscriptionMonthlyUsage {
  const satelliteValue = Number(row.satellite_bytes);
  const cellularValue = Number(row.cellular_bytes);
  return {
    year: row.year,
    month: row.month,
    value: satelliteValue + cellularValue,
    satelliteValue,
    cellularValue,
  };
}

export function presentDailyUsage(row: DailyUsageRow): SubscriptionDailyUsage {
  const satelliteValue = Number(row.satellite_bytes);
  const cellularValue = Number(row.cellular_bytes);
  return { date: row.date, value: satelliteValue + cellularValue, satelliteValue, cellularValue };
}

export function presentSubscription(
  row: SubscriptionRow,
  access: FieldAccess,
  usage: MonthlyUsageRow[],
  devices: { names: string[]; count: number },
): Subscription {
  return {
    ...presentSubscriptionSummary(row, access),
    pendingTransferEmail: row.pending_transfer_email,
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
    deviceId: row.device_id,
    deviceName: row.device_name,
    deviceSerial: row.device_serial,
    startDate: iso(row.start_date),
    endDate: row.end_date ? iso(row.end_date) : null,
    active: row.active,
  };
}
