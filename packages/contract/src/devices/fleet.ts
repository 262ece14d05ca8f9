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
