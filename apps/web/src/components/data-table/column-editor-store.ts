import { useEffect } from 'react';
import { createStore } from '../../lib/store';
import type { ListColumn } from './list-layout';

/** The table whose columns the column editor pane edits (the page that shows it). */
export interface ColumnEditorTarget {
  /** The list-settings table name (e.g. `devices`). */
  table: string;
  /** The table's title, shown in the pane. */
  title: string;
  columns: readonly ListColumn[];
  defaultPageSize?: number;
  pageSizes?: readonly number[];
  /** Called after the user picks a page size in the editor (e.g. to drop one from the address). */
  onPageSizeChange?: (pageSize: number) => void;
}

export const columnEditorTarget = createStore<ColumnEditorTarget | null>(null);

/**
 * Makes a table the column editor's target while the calling component is mounted.
 * Pass a stable (memoised) target.
 */
export function useColumnEditorTarget(target: ColumnEditorTarget): void {
  useEffect(() => {
    columnEditorTarget.set(target);
    return () => {
      if (columnEditorTarget.get() === target) columnEditorTarget.set(null);
    };
  }, [target]);
}
