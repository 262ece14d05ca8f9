import { endpoint } from '../http/endpoint.js';
import { accessStatsBaseSchema } from '../reference/access-stats.js';
import {
  baseModemTypeParamsSchema,
  baseModemTypeSchema,
  beamListSchema,
  deviceModelListSchema,
  deviceProductParamsSchema,
  deviceProductSchema,
  deviceTypeListSchema,
  featureTypeListSchema,
  metricProviderListSchema,
  networkInventoryVisibleSchema,
  nmsTypeListSchema,
  providerMetricsListSchema,
  softwareVersionListSchema,
  softwareVersionsQuerySchema,
  subscriptionPlansSchema,
  subscriptionProductListSchema,
} from '../reference/reference.js';

/**
 * Reference data and the home tiles (spec 001 §7 "Reference data", spec 002 §3;
 * docs/decisions/010-reference-data-and-access-stats.md): the same for every signed-in caller.
 */
const portal = { kind: 'permission', permission: 'portal.access', check: 'route' } as const;

export const referenceEndpoints = {
  metricProviders: endpoint({
    method: 'GET',
    path: '/v2/info/metricProviders',
    tags: ['reference'],
    summary: 'Metric providers',
    access: portal,
    responses: { 200: metricProviderListSchema },
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/v2/info/metrics',
    tags: ['reference'],
    summary: 'Metric types of each provider',
    access: portal,
    responses: { 200: providerMetricsListSchema },
  }),
  antennaFeatures: endpoint({
    method: 'GET',
    path: '/v2/info/antennaFeatures',
    tags: ['reference'],
    summary: 'Antenna feature types',
    access: portal,
    responses: { 200: featureTypeListSchema },
  }),
  deviceModels: endpoint({
    method: 'GET',
    path: '/v2/info/deviceModels',
    tags: ['reference'],
    summary: 'Component models',
    access: portal,
    responses: { 200: deviceModelListSchema },
  }),
  deviceTypes: endpoint({
    method: 'GET',
    path: '/v2/info/deviceTypes',
    tags: ['reference'],
    summary: 'Device types',
    access: portal,
    responses: { 200: deviceTypeListSchema },
  }),
  subscriptionProducts: endpoint({
    method: 'GET',
    path: '/v2/info/subscriptionProducts',
    tags: ['reference'],
    summary: 'Connectivity (subscription) products',
    access: portal,
    responses: { 200: subscriptionProductListSchema },
  }),
  subscriptionPlans: endpoint({
    method: 'GET',
    path: '/v2/info/subscriptionPlans',
    tags: ['reference'],
    summary: 'Subscription plans and the subscription metadata lists',
    access: portal,
    responses: { 200: subscriptionPlansSchema },
  }),
  nmsTypes: endpoint({
    method: 'GET',
    path: '/v2/info/nmstypes',
    tags: ['reference'],
    summary: 'Hub (NMS) types',
    access: portal,
    responses: { 200: nmsTypeListSchema },
  }),
  beams: endpoint({
    method: 'GET',
    path: '/v2/info/beams',
    tags: ['reference'],
    summary: 'Hub networks (beams)',
    access: portal,
    responses: { 200: beamListSchema },
  }),
  networkInventoryVisible: endpoint({
    method: 'GET',
    path: '/v2/info/networkinventoryvisible',
    tags: ['reference'],
    summary: 'Whether device pages show the network inventory',
    access: portal,
    responses: { 200: networkInventoryVisibleSchema },
  }),
  setNetworkInventoryVisible: endpoint({
    method: 'PUT',
    path: '/v2/info/networkinventoryvisible',
    tags: ['reference'],
    summary: 'Show or hide the network inventory (installation setting)',
    access: { kind: 'permission', permission: 'maintenance.manage', check: 'route' },
    body: networkInventoryVisibleSchema,
    responses: { 200: networkInventoryVisibleSchema },
  }),
  softwareVersions: endpoint({
    method: 'GET',
    path: '/v3/info/softwareVersions',
    tags: ['reference'],
    summary: 'Software releases a device on currentVersion can update to, oldest first',
    access: portal,
    query: softwareVersionsQuerySchema,
    responses: { 200: softwareVersionListSchema },
  }),
  product: endpoint({
    method: 'GET',
    path: '/v2/info/products/{id}',
    tags: ['reference'],
    summary: 'A device product by product code',
    access: portal,
    params: deviceProductParamsSchema,
    responses: { 200: deviceProductSchema },
  }),
  baseModemType: endpoint({
    method: 'GET',
    path: '/v2/info/basemodemtype/{modemType}',
    tags: ['reference'],
    summary: 'The base modem type of a modem model',
    access: portal,
    params: baseModemTypeParamsSchema,
    responses: { 200: baseModemTypeSchema },
  }),
  accessStats: endpoint({
    method: 'GET',
    path: '/v2/info/accessStats',
    tags: ['reference'],
    summary: "Home tile figures over the caller's accounts",
    description:
      "Two keys carry the installation's brand: monthlyActive{Brand}Users and " +
      'monthlyActiveNon{Brand}Users (letters and digits of the brand only).',
    access: portal,
    // NOTE: the brand is the installation's, so its two keys are left open here; the server
    // checks its answer against createAccessStatsSchema(brand).
    responses: { 200: accessStatsBaseSchema.loose() },
  }),
} as const;
