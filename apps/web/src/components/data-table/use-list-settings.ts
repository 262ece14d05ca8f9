import type { CurrentUser, ListSetting } from '@aerie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { meQueryKey, useMe, useUpdateSettings } from '../../features/users';
import {
  DEFAULT_LIST_PAGE_SIZE,
  resolveListLayout,
  toListSetting,
  withListSetting,
  withoutListSetting,
  type ListColumn,
  type ListLayout,
} from './list-layout';

export interface ListSettingsState {
  /** The table's layout: the saved one, or the defaults. */
  layout: ListLayout;
  /** Whether the user has saved a layout for this table. */
  saved: boolean;
  /** Saves a layout in the user's list settings (applied at once, then stored on the server). */
  save: (layout: ListLayout) => void;
  /** Forgets the saved layout (back to the defaults). */
  reset: () => void;
  saving: boolean;
  failed: boolean;
}

/**
 * A table's page size, hidden columns and column order, kept in the user's `listSettings`
 * (spec 000 §3) and saved through `PUT /v2/users/settings`.
 */
export function useListSettings(
  table: string,
  columns: readonly ListColumn[],
  defaultPageSize = DEFAULT_LIST_PAGE_SIZE,
): ListSettingsState {
  const { data: me } = useMe({ enabled: false });
  const queryClient = useQueryClient();
  const update = useUpdateSettings();
  const setting = me?.settings.listSettings.find((s) => s.table === table);
  const layout = useMemo(
    () => resolveListLayout(table, columns, setting, defaultPageSize),
    [table, columns, setting, defaultPageSize],
  );
  const { mutate } = update;

  // NOTE: read the settings from the cache at the moment of saving: an earlier save this
  // render has not seen yet is already there (optimistic), and must not be overwritten.
  const current = useCallback(
    (): ListSetting[] =>
      queryClient.getQueryData<CurrentUser>(meQueryKey)?.settings.listSettings ?? [],
    [queryClient],
  );
  const save = useCallback(
    (next: ListLayout) =>
      mutate({ listSettings: withListSetting(current(), toListSetting(table, columns, next)) }),
    [mutate, current, table, columns],
  );
  const reset = useCallback(
    () => mutate({ listSettings: withoutListSetting(current(), table) }),
    [mutate, current, table],
  );

  return {
    layout,
    saved: setting !== undefined,
    save,
    reset,
    saving: update.isPending,
    failed: update.isError,
  };
}
