import type { Dashboard, StoredDashboards } from './dashboards-storage';

/**
 * Widgets on a dashboard's grid (spec 000 §3: location [x, y] and size [w, h] in cells; a
 * single widget is 1x1, a list 3x6). The grid has GRID_COLUMNS columns and grows downwards;
 * widgets never overlap: a move or resize that would overlap another widget is refused.
 */
export const GRID_COLUMNS = 6;
export const MAX_WIDGET_HEIGHT = 12;

export type Widget = Dashboard['widgets'][number];
export type WidgetType = Widget['type'];

export const WIDGET_SIZES: Record<WidgetType, [number, number]> = {
  single: [1, 1],
  list: [3, 6],
};

export interface PinRequest {
  entityType: string;
  entityId: string;
  type: WidgetType;
}

export type GridFailure = 'alreadyPinned' | 'noDashboard' | 'blocked';

export type GridResult =
  | { ok: true; state: StoredDashboards }
  | { ok: false; reason: GridFailure; state: StoredDashboards };

function overlaps(a: Pick<Widget, 'location' | 'size'>, b: Pick<Widget, 'location' | 'size'>) {
  const [ax, ay] = a.location;
  const [aw, ah] = a.size;
  const [bx, by] = b.location;
  const [bw, bh] = b.size;
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

function fits(widgets: readonly Widget[], candidate: Widget, skip: number): boolean {
  const [x, y] = candidate.location;
  const [w, h] = candidate.size;
  if (x < 0 || y < 0 || w < 1 || h < 1 || x + w > GRID_COLUMNS || h > MAX_WIDGET_HEIGHT) {
    return false;
  }
  return widgets.every((other, i) => i === skip || !overlaps(candidate, other));
}

/** The first free place for a widget of this size: row by row, left to right. */
export function firstFreeLocation(
  widgets: readonly Widget[],
  size: [number, number],
): [number, number] {
  for (let y = 0; ; y++) {
    for (let x = 0; x + size[0] <= GRID_COLUMNS; x++) {
      const candidate: Widget = {
        entityType: '',
        entityId: '',
        type: 'single',
        location: [x, y],
        size,
      };
      if (fits(widgets, candidate, -1)) return [x, y];
    }
  }
}

function withDashboard(
  state: StoredDashboards,
  dashboardId: string,
  change: (dashboard: Dashboard) => Dashboard | GridFailure,
): GridResult {
  const index = state.dashboards.findIndex((d) => d.id === dashboardId);
  const dashboard = state.dashboards[index];
  if (!dashboard) return { ok: false, reason: 'noDashboard', state };
  const next = change(dashboard);
  if (typeof next === 'string') return { ok: false, reason: next, state };
  const dashboards = [...state.dashboards];
  dashboards[index] = next;
  return { ok: true, state: { ...state, dashboards } };
}

/** pinToDash: the entity as a widget of this type, at the first free place. */
export function pinWidget(
  state: StoredDashboards,
  dashboardId: string,
  pin: PinRequest,
): GridResult {
  return withDashboard(state, dashboardId, (dashboard) => {
    const already = dashboard.widgets.some(
      (w) => w.entityType === pin.entityType && w.entityId === pin.entityId && w.type === pin.type,
    );
    if (already) return 'alreadyPinned';
    const size = WIDGET_SIZES[pin.type];
    const widget: Widget = { ...pin, size, location: firstFreeLocation(dashboard.widgets, size) };
    return { ...dashboard, widgets: [...dashboard.widgets, widget] };
  });
}

export function removeWidget(state: StoredDashboards, dashboardId: string, index: number) {
  return withDashboard(state, dashboardId, (dashboard) => ({
    ...dashboard,
    widgets: dashboard.widgets.filter((_, i) => i !== index),
  }));
}

/** Moves a widget by whole cells; refused when it would leave the grid or overlap another. */
export function moveWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  [dx, dy]: [number, number],
): GridResult {
  return withDashboard(state, dashboardId, (dashboard) => {
    const widget = dashboard.widgets[index];
    if (!widget) return 'blocked';
    const moved: Widget = {
      ...widget,
      location: [widget.location[0] + dx, widget.location[1] + dy],
    };
    if (!fits(dashboard.widgets, moved, index)) return 'blocked';
    const widgets = [...dashboard.widgets];
    widgets[index] = moved;
    return { ...dashboard, widgets };
  });
}

/** Resizes a widget by whole cells (at least 1x1); refused like a move. */
export function resizeWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  [dw, dh]: [number, number],
): GridResult {
  return withDashboard(state, dashboardId, (dashboard) => {
    const widget = dashboard.widgets[index];
    if (!widget) return 'blocked';
    const resized: Widget = { ...widget, size: [widget.size[0] + dw, widget.size[1] + dh] };
    if (!fits(dashboard.widgets, resized, index)) return 'blocked';
    const widgets = [...dashboard.widgets];
    widgets[index] = resized;
    return { ...dashboard, widgets };
  });
}
