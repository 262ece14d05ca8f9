import { useCallback, useMemo } from 'react';
import { createStore, useStore, type Store } from '../../../lib/store';
import {
  addDashboard,
  deleteDashboard,
  freshDashboards,
  selectDashboard,
  type DashboardsResult,
} from '../utils/dashboards-state';
import {
  nudgeWidget,
  pinWidget,
  placeWidget,
  removeWidget,
  resizeWidget,
  type Direction,
  type GridResult,
  type PinRequest,
} from '../utils/dashboard-grid';
import {
  dashboardsStorageKey,
  loadDashboards,
  saveDashboards,
  type StoredDashboards,
} from '../utils/dashboards-storage';

/** One store per user of this tab: the dashboards page and the pin buttons share it. */
const stores = new Map<string, Store<StoredDashboards>>();

function loaded(userId: string): StoredDashboards {
  const { dashboards, lastDashboard } = loadDashboards(userId);
  return { dashboards, lastDashboardId: lastDashboard.id };
}

function storeFor(userId: string): Store<StoredDashboards> {
  let store = stores.get(userId);
  if (!store) {
    const created = createStore<StoredDashboards>(loaded(userId));
    stores.set(userId, created);
    // A pin or a change in another tab of this browser shows here too.
    window.addEventListener('storage', (event) => {
      if (event.key === dashboardsStorageKey(userId)) created.set(loaded(userId));
    });
    store = created;
  }
  return store;
}

export interface DashboardsApi {
  state: StoredDashboards;
  add: (name: string) => DashboardsResult;
  select: (id: string) => void;
  remove: (id: string) => DashboardsResult;
  reset: () => void;
  /** pinToDash: the entity as a widget on this dashboard, at its first free place. */
  pin: (dashboardId: string, pin: PinRequest) => GridResult;
  /** The keyboard's move (past a widget in the way). */
  nudge: (dashboardId: string, index: number, direction: Direction) => GridResult;
  /** The mouse's move: the widget's top left corner to this cell. */
  place: (dashboardId: string, index: number, cell: [number, number]) => GridResult;
  resize: (dashboardId: string, index: number, by: [number, number]) => GridResult;
  unpin: (dashboardId: string, index: number) => GridResult;
}

/**
 * The user's dashboards, kept in this browser (spec 000 §3, spec 002 §2): every change is
 * saved at once, and the selected dashboard is the one restored at the next load.
 */
export function useDashboards(userId: string): DashboardsApi {
  const store = storeFor(userId);
  const state = useStore(store);
  const commit = useCallback(
    (next: StoredDashboards) => {
      store.set(next);
      saveDashboards(userId, next);
    },
    [store, userId],
  );
  // Every change is a pure rule's result: kept (and saved) when it succeeded.
  const applied = useCallback(
    <R extends DashboardsResult | GridResult>(result: R): R => {
      if (result.ok) commit(result.state);
      return result;
    },
    [commit],
  );
  return useMemo<DashboardsApi>(
    () => ({
      state,
      add: (name) => applied(addDashboard(store.get(), name)),
      select: (id) => commit(selectDashboard(store.get(), id)),
      remove: (id) => applied(deleteDashboard(store.get(), id)),
      reset: () => commit(freshDashboards()),
      pin: (dashboardId, pin) => applied(pinWidget(store.get(), dashboardId, pin)),
      nudge: (dashboardId, index, direction) =>
        applied(nudgeWidget(store.get(), dashboardId, index, direction)),
      place: (dashboardId, index, cell) =>
        applied(placeWidget(store.get(), dashboardId, index, cell)),
      resize: (dashboardId, index, by) =>
        applied(resizeWidget(store.get(), dashboardId, index, by)),
      unpin: (dashboardId, index) => applied(removeWidget(store.get(), dashboardId, index)),
    }),
    [state, store, commit, applied],
  );
}
