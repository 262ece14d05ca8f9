import { z } from 'zod';
import { GRID_COLUMNS, MAX_WIDGET_HEIGHT } from './dashboard-grid';
import { freshDashboards } from './dashboards-state';

// NOTE: spec 000 §3 keeps dashboards on the device; the contract has no schema for them
// because no server call carries them, so the shape is defined (and validated) here.
// Stored widgets are read back with the grid's limits (whole cells, within its columns): a
// widget edited by hand in the browser's storage into something else is dropped, not drawn
// off the grid, and the rest of the dashboard stays.
const cell = z.number().int().min(0).max(10_000);
const widgetSchema = z
  .object({
    entityType: z.enum(['device', 'subscription']),
    entityId: z.string().min(1).max(100),
    type: z.enum(['single', 'list']),
    location: z.tuple([cell, cell]),
    size: z.tuple([cell.min(1), cell.min(1).max(MAX_WIDGET_HEIGHT)]),
  })
  .refine((w) => w.location[0] + w.size[0] <= GRID_COLUMNS);
const dashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  widgets: z.array(z.unknown()).transform((stored) =>
    stored.flatMap((widget) => {
      const parsed = widgetSchema.safeParse(widget);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const storedSchema = z.object({
  dashboards: z.array(dashboardSchema),
  lastDashboardId: z.string().nullable(),
});
export type StoredDashboards = z.infer<typeof storedSchema>;

export function dashboardsStorageKey(userId: string): string {
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
    const raw = storage.getItem(dashboardsStorageKey(userId));
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
    storage.setItem(dashboardsStorageKey(userId), JSON.stringify(stored));
  } catch {
    // storage full or blocked: dashboards live for this page only
  }
}
