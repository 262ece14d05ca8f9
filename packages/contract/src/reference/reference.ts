import { z } from 'zod';
import { softwareVersionTextSchema } from './software-version.js';

/**
 * Reference data (spec 001 §3 and §7, "Reference data"): the same for every signed-in caller.
 * Lists are small catalogues (tens to a few hundred rows) and answer whole.
 */

/** A data limit of 9999 GB means Unlimited (spec 001 §9). */
export const UNLIMITED_DATA_LIMIT_GB = 9999;

/** "5 GB", or "Unlimited" for 9999. */
export function dataPackageLabel(dataLimitInGb: number): string {
  return dataLimitInGb === UNLIMITED_DATA_LIMIT_GB ? 'Unlimited' : `${dataLimitInGb} GB`;
}

/** `GET /v3/info/softwareVersions?currentVersion=`: empty or absent means "never checked in". */
export const softwareVersionsQuerySchema = z.object({
  currentVersion: z.union([z.literal(''), softwareVersionTextSchema]).optional(),
});
export type SoftwareVersionsQuery = z.infer<typeof softwareVersionsQuerySchema>;

/** Spec 001 §3, "Software version". `releaseDate` is a calendar date, yyyy-MM-dd. */
export const softwareVersionSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  releaseDate: z.iso.date(),
  minimumRequiredVersion: z.string(),
});
export type SoftwareVersion = z.infer<typeof softwareVersionSchema>;
export const softwareVersionListSchema = z.array(softwareVersionSchema);

/** `GET /v2/info/metricProviders`. */
export const metricProviderSchema = z.object({ shortcode: z.string(), name: z.string() });
export type MetricProvider = z.infer<typeof metricProviderSchema>;
export const metricProviderListSchema = z.array(metricProviderSchema);

export const metricTypeSchema = z.object({
  shortcode: z.string(),
  name: z.string(),
  description: z.string(),
  /** e.g. "dBm", "km/h"; empty for unitless metrics such as MT_ONLINESTATUS. */
  unit: z.string(),
});
export type MetricType = z.infer<typeof metricTypeSchema>;

/** `GET /v2/info/metrics`: the metric types of each provider. */
export const providerMetricsSchema = z.object({
  providerShortcode: z.string(),
  types: z.array(metricTypeSchema),
});
export type ProviderMetrics = z.infer<typeof providerMetricsSchema>;
export const providerMetricsListSchema = z.array(providerMetricsSchema);

/** `GET /v2/info/antennaFeatures` (spec 001 §3, "Feature type"). */
export const featureTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortcode: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type FeatureType = z.infer<typeof featureTypeSchema>;
export const featureTypeListSchema = z.array(featureTypeSchema);

/** `GET /v2/info/deviceModels`: component models. */
export const deviceModelSchema = z.object({
  shortcode: z.string(),
  name: z.string(),
  deviceTypeId: z.number().int(),
  /** The component slot the model fits, e.g. GeoModem, Antenna, BUC. */
  componentType: z.string(),
  /** Modem models only: see `GET /v2/info/basemodemtype/{modemType}`. */
  baseModemType: z.string().nullable(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;
export const deviceModelListSchema = z.array(deviceModelSchema);

/** `GET /v2/info/deviceTypes`. */
export const deviceTypeSchema = z.object({ id: z.number().int(), type: z.string() });
export type DeviceType = z.infer<typeof deviceTypeSchema>;
export const deviceTypeListSchema = z.array(deviceTypeSchema);

/** `GET /v2/info/products/{id}`: a device product by product code, with its preset models. */
export const deviceProductParamsSchema = z.object({
  id: z.string().trim().min(1, 'The product code is required.').max(64),
});
export const deviceProductSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  family: z.string(),
  antennaModel: z.string().nullable(),
  /** Null: the model is chosen per device; otherwise preset by the product (spec 001 §4). */
  geoModemModel: z.string().nullable(),
  leoModemModel: z.string().nullable(),
  bucModel: z.string().nullable(),
  hybridRouterModel: z.string().nullable(),
});
export type DeviceProduct = z.infer<typeof deviceProductSchema>;

/** `GET /v2/info/subscriptionProducts`: connectivity products of the CRM. */
export const subscriptionProductSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  description: z.string(),
  /** 9999 means Unlimited. */
  dataLimitInGb: z.number().int(),
  hasSatellite: z.boolean(),
  hasCellular: z.boolean(),
});
export type SubscriptionProduct = z.infer<typeof subscriptionProductSchema>;
export const subscriptionProductListSchema = z.array(subscriptionProductSchema);

/** A sellable plan: a product for a region and mobility type, for a term, on named networks. */
export const subscriptionPlanSchema = z.object({
  planCode: z.string(),
  productCode: z.string(),
  name: z.string(),
  region: z.string(),
  mobilityType: z.string(),
  satelliteNetwork: z.string(),
  /** Null for satellite-only products. */
  cellularNetwork: z.string().nullable(),
  termMonths: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const dataPackageSchema = z.object({
  dataLimitInGb: z.number().int(),
  /** "5 GB" … "Unlimited". */
  name: z.string(),
});
export type DataPackage = z.infer<typeof dataPackageSchema>;

/**
 * `GET /v2/info/subscriptionPlans`: the plans and the subscription metadata lists the
 * subscription forms choose from, each derived from the catalogue (sorted; data packages by size).
 */
export const subscriptionPlansSchema = z.object({
  plans: z.array(subscriptionPlanSchema),
  dataPackages: z.array(dataPackageSchema),
  regions: z.array(z.string()),
  mobilityTypes: z.array(z.string()),
  satelliteNetworks: z.array(z.string()),
  cellularNetworks: z.array(z.string()),
});
export type SubscriptionPlans = z.infer<typeof subscriptionPlansSchema>;

/** `GET /v2/info/nmstypes`: the hub (NMS) types networks run on, e.g. EVOLUTION, sorted. */
export const nmsTypeListSchema = z.array(z.string());

/** `GET /v2/info/beams`: the hub networks (beams) of the installation. */
export const beamSchema = z.object({
  networkId: z.string(),
  networkName: z.string(),
  displayName: z.string(),
  nmsType: z.string(),
  nmsId: z.string(),
});
export type Beam = z.infer<typeof beamSchema>;
export const beamListSchema = z.array(beamSchema);

/** `GET /v2/info/basemodemtype/{modemType}`: modemType is a modem model's shortcode. */
export const baseModemTypeParamsSchema = z.object({
  modemType: z.string().trim().min(1, 'The modem type is required.').max(64),
});
export const baseModemTypeSchema = z.object({
  modemType: z.string(),
  baseModemType: z.string(),
});
export type BaseModemType = z.infer<typeof baseModemTypeSchema>;

/**
 * `GET /v2/info/networkinventoryvisible`: whether device pages show the Network Inventory card.
 * An installation setting (default on); `PUT` with the same body changes it.
 */
export const networkInventoryVisibleSchema = z.object({ visible: z.boolean() }).strict();
export type NetworkInventoryVisible = z.infer<typeof networkInventoryVisibleSchema>;
