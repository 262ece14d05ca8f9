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
  /**
   * Seconds between two refreshes of what shows a device's live state (the device list, the
   * device page): terminals report about once a minute, so a change shows within a report and
   * a refresh (issue 13: an offline terminal shows Offline within 70 s).
   */
  statusRefreshSeconds: z.number().int().min(1).max(3600),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
