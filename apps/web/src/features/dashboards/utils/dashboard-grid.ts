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
  entityType: Widget['entityType'];
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

/** Whether a widget's place and size are on the grid and clear of the others (but `skip`). */
export function fits(
  widgets: readonly Widget[],
  candidate: Pick<Widget, 'location' | 'size'>,
  skip: number,
): boolean {
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
      if (fits(widgets, { location: [x, y], size }, -1)) return [x, y];
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

/** Replaces a widget by its changed self, unless that leaves the grid or overlaps another. */
function changeWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  change: (widget: Widget) => Widget,
): GridResult {
  return withDashboard(state, dashboardId, (dashboard) => {
    const widget = dashboard.widgets[index];
    if (!widget) return 'blocked';
    const changed = change(widget);
    if (!fits(dashboard.widgets, changed, index)) return 'blocked';
    const widgets = [...dashboard.widgets];
    widgets[index] = changed;
    return { ...dashboard, widgets };
  });
}

/** Moves a widget by whole cells; refused when it would leave the grid or overlap another. */
export function moveWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  [dx, dy]: [number, number],
): GridResult {
  return changeWidget(state, dashboardId, index, (widget) => ({
    ...widget,
    location: [widget.location[0] + dx, widget.location[1] + dy],
  }));
}

/** Resizes a widget by whole cells (at least 1x1); refused like a move. */
export function resizeWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  [dw, dh]: [number, number],
): GridResult {
  return changeWidget(state, dashboardId, index, (widget) => ({
    ...widget,
    size: [widget.size[0] + dw, widget.size[1] + dh],
  }));
}

export type Direction = 'left' | 'right' | 'up' | 'down';

const STEPS: Record<Direction, [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

/**
 * The keyboard's move: one cell in a direction, or, when another widget is in the way, the
 * nearest free place beyond it in that direction (so a widget can pass others). Refused at the
 * grid's edge; downwards the grid ends one row below its lowest widget.
 */
export function nudgeWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  direction: Direction,
): GridResult {
  const dashboard = state.dashboards.find((d) => d.id === dashboardId);
  if (!dashboard) return { ok: false, reason: 'noDashboard', state };
  const widget = dashboard.widgets[index];
  if (!widget) return { ok: false, reason: 'blocked', state };
  // The lowest row a widget may start on: just below the others (an empty row at most).
  const lowest = Math.max(
    0,
    ...dashboard.widgets.filter((_, i) => i !== index).map((w) => w.location[1] + w.size[1]),
  );
  const [sx, sy] = STEPS[direction];
  for (let step = 1; step <= GRID_COLUMNS + lowest; step++) {
    if (widget.location[1] + sy * step > lowest) break;
    const result = moveWidget(state, dashboardId, index, [sx * step, sy * step]);
    if (result.ok) return result;
  }
  return { ok: false, reason: 'blocked', state };
}

/** Moves a widget so that its top left corner is at this cell (the mouse's drop). */
export function placeWidget(
  state: StoredDashboards,
  dashboardId: string,
  index: number,
  [x, y]: [number, number],
): GridResult {
  const widget = state.dashboards.find((d) => d.id === dashboardId)?.widgets[index];
  if (!widget) return { ok: false, reason: 'blocked', state };
  return moveWidget(state, dashboardId, index, [x - widget.location[0], y - widget.location[1]]);
}
