import { dashboardsMessages as m, DASHBOARD_NAME_MAX } from '../messages';
import type { Dashboard, StoredDashboards } from './dashboards-storage';

/** The rules of spec 002 §2 "Dashboard", as pure changes of the stored dashboards. */

export type DashboardsResult =
  { ok: true; state: StoredDashboards } | { ok: false; error: string; state: StoredDashboards };

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `d-${Date.now().toString(36)}`;
}

/** One empty dashboard named 'My Dashboard', selected. */
export function freshDashboards(): StoredDashboards {
  const first: Dashboard = { id: newId(), name: m.defaultDashboardName, widgets: [] };
  return { dashboards: [first], lastDashboardId: first.id };
}

/** Why a name is refused, or null: required, at most 255 characters (spec 002 §2). */
export function dashboardNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return m.nameRequired;
  if (trimmed.length > DASHBOARD_NAME_MAX) return m.nameTooLong;
  return null;
}

/** Adds a dashboard with this name and selects it. */
export function addDashboard(state: StoredDashboards, name: string): DashboardsResult {
  const error = dashboardNameError(name);
  if (error) return { ok: false, error, state };
  const dashboard: Dashboard = { id: newId(), name: name.trim(), widgets: [] };
  return {
    ok: true,
    state: { dashboards: [...state.dashboards, dashboard], lastDashboardId: dashboard.id },
  };
}

/** Selects a dashboard (kept as the one restored at the next load). */
export function selectDashboard(state: StoredDashboards, id: string): StoredDashboards {
  return state.dashboards.some((d) => d.id === id) ? { ...state, lastDashboardId: id } : state;
}

/**
 * Deletes a dashboard; the last one cannot be deleted ('You cannot delete your last
 * dashboard'). Deleting selects the first remaining dashboard.
 */
export function deleteDashboard(state: StoredDashboards, id: string): DashboardsResult {
  if (!state.dashboards.some((d) => d.id === id)) return { ok: true, state };
  if (state.dashboards.length <= 1) return { ok: false, error: m.cannotDeleteLast, state };
  const dashboards = state.dashboards.filter((d) => d.id !== id);
  return { ok: true, state: { dashboards, lastDashboardId: dashboards[0]?.id ?? null } };
}

/** The selected dashboard: the last one restored, else the first. */
export function currentDashboard(state: StoredDashboards): Dashboard | undefined {
  return state.dashboards.find((d) => d.id === state.lastDashboardId) ?? state.dashboards[0];
}
