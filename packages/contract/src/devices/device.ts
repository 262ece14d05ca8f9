import { z } from 'zod';
import { componentSchema, networkStatusSchema } from './device-list.js';

const isoDate = z.iso.datetime({ offset: true });

/** The device's active subscription (spec 001 §3, "Active subscription (on device)"). */
export const activeSubscriptionSchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  description: z.string(),
  dataLimitInGb: z.number().int().nullable(),
  startDate: isoDate,
  endDate: isoDate,
  active: z.boolean(),
  hasSatellite: z.boolean(),
  hasCellular: z.boolean(),
  canProvision: z.boolean(),
  canActivate: z.boolean(),
  /**
   * The subscription's networks: absent for roles without `subscriptions.history.networks`
   * (spec 001 §6 restricts "Supported Networks" on the device page to Super User, the brand
   * Admin and Product Support, and the subscription's Networks field further still).
   */
  networkIdentifiers: z.array(z.string()).nullable().optional(),
  /**
   * Whether the device needs a full satellite network configuration (spec 001 §4: when the
   * subscription includes Evolution), for every role: the sync rules read it.
   */
  requiresNetworkConfiguration: z.boolean(),
});
export type ActiveSubscription = z.infer<typeof activeSubscriptionSchema>;

export const satelliteNetworkConfigurationSchema = z.object({
  eth0IpAddress: z.string().nullable(),
  eth0SubnetMask: z.string().nullable(),
  sat0IpAddress: z.string().nullable(),
  sat0SubnetMask: z.string().nullable(),
  mgmtIpAddress: z.string().nullable(),
  mgmtSubnetMask: z.string().nullable(),
  dhcpGateway: z.string().nullable(),
  dhcpClientIpRangeStart: z.string().nullable(),
  dhcpClientIpRangeEnd: z.string().nullable(),
});
export type SatelliteNetworkConfiguration = z.infer<typeof satelliteNetworkConfigurationSchema>;

export const simConfigurationSchema = z.object({
  eid: z.string().nullable(),
  msisdn: z.string().nullable(),
  cubicLTEIMSI: z.string().nullable(),
  tele2LTEIMSI: z.string().nullable(),
  cubicDkIMSI: z.string().nullable(),
  cubicFrIMSI: z.string().nullable(),
  batch: z.string().nullable(),
  profile: z.string().nullable(),
  formFactor: z.string().nullable(),
  grade: z.string().nullable(),
  simVendor: z.string().nullable(),
  checkedOutTo: z.string().nullable(),
});
export type SimConfiguration = z.infer<typeof simConfigurationSchema>;

/** `GET /v2/devices/{id}`: one device with everything its pages show (spec 001 §3, "Device"). */
export const deviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  serial: z.string().nullable(),
  type: z.string(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  /** Preset models from the product: a preset model is not editable per device (spec 001 §4). */
  product: z
    .object({
      geoModemModel: z.string().nullable(),
      leoModemModel: z.string().nullable(),
      bucModel: z.string().nullable(),
    })
    .nullable(),
  accountId: z.uuid(),
  accountName: z.string(),
  private: z.boolean(),
  provisioned: z.boolean(),
  activated: z.boolean(),
  enableCellTraffic: z.boolean(),
  syncInProgress: z.boolean(),
  salesforceAssetId: z.string().nullable(),
  publicKey: z.string().nullable(),
  features: z.array(z.string()),
  components: z.array(componentSchema),
  networkStatus: networkStatusSchema,
  location: z.object({
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    satelliteLocationUpdatedOn: isoDate.nullable(),
    cellularLocationUpdatedOn: isoDate.nullable(),
  }),
  software: z.object({
    currentVersion: z.string().nullable(),
    targetVersion: z.string().nullable(),
    locked: z.boolean(),
    lastUpdatedOn: isoDate.nullable(),
    lastCheckin: isoDate.nullable(),
  }),
  activeSubscription: activeSubscriptionSchema.nullable(),
  subscriptionHistory: z.array(
    z.object({ id: z.uuid(), startDate: isoDate, endDate: isoDate.nullable() }),
  ),
  totalSatelliteUsage: z.number(),
  totalCellularUsage: z.number(),
  satelliteNetworkConfiguration: satelliteNetworkConfigurationSchema.nullable(),
  simConfiguration: simConfigurationSchema.nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceIdParamsSchema = z.object({ id: z.uuid('The device id is not valid.') });

/** Longest device name `PUT /v2/devices/{id}` accepts. */
export const DEVICE_NAME_MAX_LENGTH = 100;

/** `PUT /v2/devices/{id}`: rename a device (spec 001 §7, body: name). The name is trimmed. */
export const deviceNameUpdateSchema = z.object({
  name: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'The device name is required.'
          : 'The device name must be text.',
    })
    .trim()
    .min(1, 'The device name is required.')
    .max(
      DEVICE_NAME_MAX_LENGTH,
      `The device name must be at most ${DEVICE_NAME_MAX_LENGTH} characters.`,
    )
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'The device name must not contain control characters.'),
});
export type DeviceNameUpdate = z.infer<typeof deviceNameUpdateSchema>;
