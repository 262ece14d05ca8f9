import { z } from 'zod';
import { freshDashboards } from './dashboards-state';

// NOTE: spec 000 §3 keeps dashboards on the device; the contract has no schema for them
// because no server call carries them, so the shape is defined (and validated) here.
const widgetSchema = z.object({
  entityType: z.string(),
  entityId: z.string(),
  type: z.enum(['single', 'list']),
  location: z.tuple([z.number(), z.number()]),
  size: z.tuple([z.number(), z.number()]),
});
export const dashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  widgets: z.array(widgetSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const storedSchema = z.object({
  dashboards: z.array(dashboardSchema),
  lastDashboardId: z.string().nullable(),
});
export type StoredDashboards = z.infer<typeof storedSchema>;

function storageKey(userId: string): string {
  return `aerie.dashboards.${userId}`;
}

/**
 * Loads the user's dashboards from this browser (spec 000 §4 App load), creating
 * "My Dashboard" when there is none, and the last dashboard to restore.
 */
export function loadDashboards(
  userId: string,
  storage: Storage = localStorage,
): {
  dashboards: Dashboard[];
  lastDashboard: Dashboard;
} {
  let stored: StoredDashboards = { dashboards: [], lastDashboardId: null };
  try {
    const raw = storage.getItem(storageKey(userId));
    const parsed = raw ? storedSchema.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) stored = parsed.data;
  } catch {
    // unreadable storage: start again
  }
  if (stored.dashboards.length === 0) {
    stored = freshDashboards();
    saveDashboards(userId, stored, storage);
  }
  const lastDashboard =
    stored.dashboards.find((dashboard) => dashboard.id === stored.lastDashboardId) ??
    stored.dashboards[0];
  if (!lastDashboard) throw new Error('no dashboard to restore');
  return { dashboards: stored.dashboards, lastDashboard };
}

export function saveDashboards(
  userId: string,
  stored: StoredDashboards,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(storageKey(userId), JSON.stringify(stored));
  } catch {
    // storage full or blocked: dashboards live for this page only
  }
}
