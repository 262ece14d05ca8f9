import { z } from 'zod';

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

/** Raw query of `GET /v2/devices`; `sortField`, `fields` and `filters` are parsed by the server's grammar. */
export const deviceListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
  take: z.coerce.number().int().min(1).max(DEVICE_LIST_MAX_TAKE).default(DEVICE_LIST_DEFAULT_TAKE),
  sortField: z.string().max(64).optional(),
  sortDirection: z
    .string()
    .regex(/^(asc|desc)$/i, 'sortDirection must be ASC or DESC')
    .optional(),
  query: z.string().max(200).optional(),
  fields: z.string().max(500).optional(),
  filters: z.string().max(2000).optional(),
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
