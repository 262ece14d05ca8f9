import { z } from 'zod';
import { userGraphsSchema } from '../metrics/metric-graph.js';

export const themeSchema = z.enum(['brand', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

export const listSettingSchema = z.object({
  table: z.string().min(1).max(100),
  pageSize: z.number().int().positive().max(100),
  hiddenColumns: z.array(z.string().max(100)).max(100),
  reorderedColumns: z.array(z.string().max(100)).max(100),
});
export type ListSetting = z.infer<typeof listSettingSchema>;

/** Tables whose settings a user keeps (the portal has about ten): the setting stays small. */
export const LIST_SETTINGS_MAX = 50;

/** User settings (spec 000 §3) with their defaults. */
export const userSettingsSchema = z.object({
  theme: themeSchema,
  defaultStartRoute: z.string().min(1).max(100),
  detailFullWidth: z.boolean(),
  menuCollapsed: z.boolean(),
  detailedErrors: z.boolean(),
  listSettings: z.array(listSettingSchema).max(LIST_SETTINGS_MAX),
  /** Saved metric graphs of every device (spec 001 §3 "Metric graph"). */
  userGraphs: userGraphsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  theme: 'brand',
  defaultStartRoute: 'home',
  detailFullWidth: true,
  menuCollapsed: false,
  detailedErrors: false,
  listSettings: [],
  userGraphs: [],
};

/** `PUT /v2/users/settings`: any subset of the settings; unknown keys are refused. */
export const updateUserSettingsSchema = userSettingsSchema.partial().strict();
export type UpdateUserSettings = z.infer<typeof updateUserSettingsSchema>;
