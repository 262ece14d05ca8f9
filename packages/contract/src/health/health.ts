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
