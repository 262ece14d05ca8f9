import { z } from 'zod';

/**
 * The home page's view of the fleet (spec 002 §2 "Home", issue 15; decision 029): how many of the
 * caller's devices are in each state, and where the devices of the map are.
 */

const count = z.number().int().min(0);

/**
 * `GET /v2/devices/fleetSummary`: the caller's devices (not deleted) by state. `online`,
 * `offline` and `total` are the list summary's figures without filters; the other four are the
 * states that need attention, each what the device list shows with `State:{name}` (a device can
 * be in several).
 */
export const fleetSummarySchema = z.object({
  total: count,
  online: count,
  offline: count,
  offlineOver24h: count,
  syncPending: count,
  syncBlocked: count,
  hubJobFailed: count,
});
export type FleetSummary = z.infer<typeof fleetSummarySchema>;

/**
 * One device on the fleet map: `[id, longitude, latitude, online]`, online 1 when the satellite
 * or the cellular link is online, else 0. Coordinates are rounded to 5 decimals (about 1 m).
 * Arrays, not objects: 100,000 devices are ~6 MB as JSON objects and ~3.8 MB as arrays.
 */
export const fleetMapPointSchema = z.tuple([
  z.string(),
  z.number().min(-180).max(180),
  z.number().min(-90).max(90),
  z.union([z.literal(0), z.literal(1)]),
]);
export type FleetMapPoint = z.infer<typeof fleetMapPointSchema>;

/**
 * `GET /v2/devices/map`: every device of the caller's accounts the map may show (spec 002 §5):
 * not private, with coordinates and a network status (a known satellite or cellular state).
 * No paging: the map clusters them all in the browser.
 */
export const fleetMapSchema = z.object({ points: z.array(fleetMapPointSchema) });
export type FleetMap = z.infer<typeof fleetMapSchema>;

/**
 * Query of `GET /v2/devices/map/clusters`: the map's view (a box in degrees, west may be east of
 * east across the antimeridian) and its zoom, and whether only online devices are shown.
 */
export const fleetClustersQuerySchema = z.object({
  zoom: z.coerce.number().int().min(0).max(24),
  west: z.coerce.number().min(-180).max(180),
  south: z.coerce.number().min(-90).max(90),
  east: z.coerce.number().min(-180).max(180),
  north: z.coerce.number().min(-90).max(90),
  onlineOnly: z
    .string()
    .regex(/^(true|false)$/i, 'expected true or false')
    .transform((v) => v.toLowerCase() === 'true')
    .optional(),
});
export type FleetClustersQuery = z.input<typeof fleetClustersQuerySchema>;

/** The spec's clustering (spec 002 §9): up to zoom 14, within 50 px (of a 512 px tile). */
export const FLEET_CLUSTER_MAX_ZOOM = 14;
export const FLEET_CLUSTER_RADIUS = 50;

/**
 * One cluster of the view: `[longitude, latitude, devices, offline devices, expansion zoom, id]`,
 * the expansion zoom being the first zoom at which it splits.
 */
export const fleetClusterSchema = z.tuple([
  z.number(),
  z.number(),
  count,
  count,
  z.number().int().min(0).max(25),
  z.number().int(),
]);
export type FleetCluster = z.infer<typeof fleetClusterSchema>;

/**
 * `GET /v2/devices/map/clusters`: the fleet map's devices in a view, clustered on the server
 * (spec 002 §5 and §9: max zoom 14, radius 50): the clusters and the single devices of the box,
 * how many devices the map shows in all, and the box round all of them (the first view).
 */
export const fleetClustersSchema = z.object({
  total: count,
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  clusters: z.array(fleetClusterSchema),
  devices: z.array(fleetMapPointSchema),
});
export type FleetClusters = z.infer<typeof fleetClustersSchema>;
