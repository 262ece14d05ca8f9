import { useCallback, useMemo } from 'react';
import { createStore, useStore, type Store } from '../../../lib/store';
import {
  addDashboard,
  deleteDashboard,
  freshDashboards,
  selectDashboard,
  type DashboardsResult,
} from '../utils/dashboards-state';
import { loadDashboards, saveDashboards, type StoredDashboards } from '../utils/dashboards-storage';

/** One store per user of this tab: the dashboards page and the pin buttons share it. */
const stores = new Map<string, Store<StoredDashboards>>();

function storeFor(userId: string): Store<StoredDashboards> {
  let store = stores.get(userId);
  if (!store) {
    const { dashboards, lastDashboard } = loadDashboards(userId);
    store = createStore<StoredDashboards>({ dashboards, lastDashboardId: lastDashboard.id });
    stores.set(userId, store);
  }
  return store;
}

export interface DashboardsApi {
  state: StoredDashboards;
  add: (name: string) => DashboardsResult;
  select: (id: string) => void;
  remove: (id: string) => DashboardsResult;
  reset: () => void;
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
  return useMemo<DashboardsApi>(
    () => ({
      state,
      add: (name) => {
        const result = addDashboard(store.get(), name);
        if (result.ok) commit(result.state);
        return result;
      },
      select: (id) => commit(selectDashboard(store.get(), id)),
      remove: (id) => {
        const result = deleteDashboard(store.get(), id);
        if (result.ok) commit(result.state);
        return result;
      },
      reset: () => commit(freshDashboards()),
    }),
    [state, store, commit],
  );
}
