import { z } from 'zod';
import { listFilter, listGrammar, type ParsedListQueryOf } from '../lists/list-grammar.js';
import { listQuerySchema } from '../lists/list-query.js';

/** Largest page of `GET /v2/devices`: the CSV export and the map fetch take up to 10000 (spec 001 §9). */
export const DEVICE_LIST_MAX_TAKE = 10_000;
export const DEVICE_LIST_DEFAULT_TAKE = 50;

/** Sort fields of the device list (case-insensitive on the wire). */
export const deviceSortFields = [
  'Name',
  'Serial',
  'Type',
  'AccountName',
  'ProductCode',
  'NetworkStatus.SatelliteOnline',
  'NetworkStatus.CellularOnline',
] as const;
export type DeviceSortField = (typeof deviceSortFields)[number];

/** Fields a caller can ask for with `fields` (spec 001 §7 list fields plus the map's Location). */
export const deviceListFields = [
  'Id',
  'Type',
  'Name',
  'Serial',
  'AccountId',
  'AccountName',
  'NetworkStatus',
  'Components',
  'Location',
  'ProductCode',
  'ProductName',
  'Private',
] as const;
export type DeviceListField = (typeof deviceListFields)[number];

/**
 * Device states the list filters by (`State:{value}`) and the home page counts (decision 029):
 * online (either link), offline (neither online, one known offline), offline for more than
 * {@link OFFLINE_ATTENTION_HOURS} hours, a hub sync in progress, a sync the device's data
 * blocks, and a last hub job that failed. The last four are the fleet's "needs attention".
 */
export const deviceStates = [
  'Online',
  'Offline',
  'OfflineOver24h',
  'SyncPending',
  'SyncBlocked',
  'HubJobFailed',
] as const;
export type DeviceState = (typeof deviceStates)[number];
/** The states that need someone's attention (home page, issue 15). */
export const attentionDeviceStates = [
  'OfflineOver24h',
  'SyncPending',
  'SyncBlocked',
  'HubJobFailed',
] as const satisfies readonly DeviceState[];
export type AttentionDeviceState = (typeof attentionDeviceStates)[number];
/** A device offline for longer than this needs attention. */
export const OFFLINE_ATTENTION_HOURS = 24;

/**
 * The device list's grammar (spec 001 §7): sort by Name unless asked, the list's fields unless
 * `fields` names some, and the filters `NetworkStatus.SatelliteOnline:{bool}`,
 * `NetworkStatus.CellularOnline:{bool}`, `AccountId:{uuid}` (repeatable: any of them) and
 * `State:{state}` (one of {@link deviceStates}).
 */
export const deviceListGrammar = listGrammar({
  sortFields: deviceSortFields,
  defaultSortField: 'Name',
  fields: deviceListFields,
  defaultFields: [
    'Id',
    'Type',
    'Name',
    'Serial',
    'AccountId',
    'AccountName',
    'NetworkStatus',
    'Components',
  ],
  keyField: 'Id',
  filters: {
    satelliteOnline: listFilter.boolean('NetworkStatus.SatelliteOnline'),
    cellularOnline: listFilter.boolean('NetworkStatus.CellularOnline'),
    /** Devices of any of these accounts (still limited to the caller's visible accounts). */
    accountIds: listFilter.ids('AccountId', 'an account id'),
    state: listFilter.oneOf('State', deviceStates),
  },
});
/** `GET /v2/devices`'s query as the grammar reads it. */
export type ParsedDeviceListQuery = ParsedListQueryOf<typeof deviceListGrammar>;

/** Query of `GET /v2/devices`: the list query (lists/), read with {@link deviceListGrammar}. */
export const deviceListQuerySchema = listQuerySchema({
  defaultTake: DEVICE_LIST_DEFAULT_TAKE,
  maxTake: DEVICE_LIST_MAX_TAKE,
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const networkStatusSchema = z.object({
  satelliteOnline: z.boolean().nullable(),
  cellularOnline: z.boolean().nullable(),
  satelliteSignal: z.number().nullable(),
  cellularSignal: z.number().nullable(),
  wifi: z.boolean().nullable(),
  beam: z.string().nullable(),
  satelliteLastUpdated: z.iso.datetime({ offset: true }).nullable(),
  cellularLastUpdated: z.iso.datetime({ offset: true }).nullable(),
});
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

export const componentTypes = [
  'GeoModem',
  'Antenna',
  'BUC',
  'LNB',
  'HybridRouter',
  'HybridIccid',
  'HybridImei',
  'HybridMAC',
  'LeoModem',
  'LeoModemImei',
  'LeoModemImsi',
  'LeoModemMAC',
  'Diplexer',
  'KRCM',
  'MCRCM',
  'EGR',
  'OIM',
] as const;
export const componentTypeSchema = z.enum(componentTypes);

export const componentSchema = z.object({
  type: componentTypeSchema,
  model: z.string().nullable(),
  assetId: z.string().nullable(),
  serial: z.string(),
});
export type Component = z.infer<typeof componentSchema>;

export const locationSchema = z.object({
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});

/** One row of the device list; only the requested `fields` are present. */
export const deviceListItemSchema = z.object({
  id: z.uuid().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  serial: z.string().nullable().optional(),
  accountId: z.uuid().optional(),
  accountName: z.string().optional(),
  networkStatus: networkStatusSchema.optional(),
  components: z.array(componentSchema).optional(),
  location: locationSchema.optional(),
  productCode: z.string().nullable().optional(),
  productName: z.string().nullable().optional(),
  private: z.boolean().optional(),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

export const deviceListSchema = z.object({
  items: z.array(deviceListItemSchema),
  total: z.number().int().min(0),
});
export type DeviceList = z.infer<typeof deviceListSchema>;

/** Query of `GET /v2/devices/summary`: the list's free text and filters, nothing of the page. */
export const deviceSummaryQuerySchema = deviceListQuerySchema.pick({ query: true, filters: true });
export type DeviceSummaryQuery = z.infer<typeof deviceSummaryQuerySchema>;

/**
 * How many of the caller's devices match the list's text and filters, by state: online (the
 * satellite or the cellular link is online), offline (neither is online and at least one is
 * known offline) and the total, which also counts devices whose state is unknown.
 */
export const deviceSummarySchema = z.object({
  total: z.number().int().min(0),
  online: z.number().int().min(0),
  offline: z.number().int().min(0),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;
