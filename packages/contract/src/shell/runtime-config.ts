import { z } from 'zod';

/**
 * The runtime configuration file the browser reads at start (spec 000 §3,
 * "Application configuration"). Served by the API server at `/config.json`.
 */
export const runtimeConfigSchema = z.object({
  brand: z.string().min(1),
  apiUrl: z.string(),
  liveUrl: z.string(),
  authority: z.url(),
  clientId: z.string().min(1),
  scope: z.string().min(1),
  /** Key for a hosted maps service; empty when the offline basemap is used. */
  mapsKey: z.string(),
  /** Base address for product images. */
  cdnBase: z.string(),
  support: z.object({ phone: z.string(), email: z.string() }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
