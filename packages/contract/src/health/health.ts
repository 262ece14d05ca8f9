import { z } from 'zod';

/** `GET /status`: liveness of this server process. */
export const statusSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Status = z.infer<typeof statusSchema>;

/**
 * `GET /health`: map of service code to a pair of status code and a JSON text
 * containing Version (spec 001 §3, "System health").
 */
export const healthSchema = z.record(z.string(), z.tuple([z.number().int(), z.string()]));
export type Health = z.infer<typeof healthSchema>;

/** `GET /health/maintenance`: the header that turns maintenance mode on. */
export const MAINTENANCE_HEADER = 'x-maintenance-mode';
export const maintenanceSchema = z.object({ maintenance: z.boolean() });
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** `PUT /health/maintenance` (staff): switch maintenance mode on or off. */
export const setMaintenanceSchema = z.object({ maintenance: z.boolean() }).strict();

/** Caches that staff can clear (spec 000 §4, "Cache clears"). */
export const cacheKinds = [
  'account',
  'remote',
  'device',
  'subscription',
  'search',
  'usage',
] as const;
export const cacheKindSchema = z.enum(cacheKinds);
export type CacheKind = z.infer<typeof cacheKindSchema>;
export const cacheClearedSchema = z.object({ kind: cacheKindSchema, message: z.string() });

/** "{kind} cache cleared successfully." with the kind capitalised, e.g. "Device cache cleared successfully.". */
export function cacheClearedMessage(kind: CacheKind): string {
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} cache cleared successfully.`;
}

/** Path parameters of `POST /v2/admin/cache/{kind}`. */
export const cacheKindParamsSchema = z.object({ kind: cacheKindSchema });
