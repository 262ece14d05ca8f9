import type { ListSetting } from '@aerie/contract';

/** A column as the column editor sees it: a stable id (stored in list settings) and its label. */
export interface ListColumn {
  id: string;
  label: string;
}

/**
 * spec 000 §5: columns that cannot be hidden, by list-settings table name. Tables use
 * camelCase column ids: `name`, `account`, `billedAccount` (remotes), `serial` (devices),
 * `kpc` (subscriptions).
 */
export const unhideableColumns: Readonly<Record<string, readonly string[]>> = {
  devices: ['serial'],
  remotes: ['name', 'account', 'billedAccount'],
  subscriptions: ['kpc'],
};

/** Page sizes a table offers, and the default (spec 001 §9: 50). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 50;

export function canHideColumn(table: string, columnId: string): boolean {
  return !(unhideableColumns[table] ?? []).includes(columnId);
}

/** A table's layout: page size, columns in display order, hidden column ids. */
export interface ListLayout {
  pageSize: number;
  order: string[];
  hidden: string[];
}

/** The default layout: every column shown, in the table's own order. */
export function defaultListLayout(
  columns: readonly ListColumn[],
  defaultPageSize = DEFAULT_LIST_PAGE_SIZE,
): ListLayout {
  return { pageSize: defaultPageSize, order: columns.map((c) => c.id), hidden: [] };
}

/**
 * The layout a saved setting gives a table. Ids the table no longer has are dropped, new
 * columns keep their place after the column that precedes them by default, and columns that
 * cannot be hidden are shown whatever the setting says.
 */
export function resolveListLayout(
  table: string,
  columns: readonly ListColumn[],
  setting: ListSetting | undefined,
  defaultPageSize = DEFAULT_LIST_PAGE_SIZE,
): ListLayout {
  const fallback = defaultListLayout(columns, defaultPageSize);
  if (!setting) return fallback;
  const known = new Set(fallback.order);
  const order = [...new Set(setting.reorderedColumns)].filter((id) => known.has(id));
  fallback.order.forEach((id, index) => {
    if (order.includes(id)) return;
    const before = fallback.order[index - 1];
    const at = before === undefined ? 0 : order.indexOf(before) + 1;
    order.splice(at, 0, id);
  });
  const hidden = fallback.order.filter(
    (id) => setting.hiddenColumns.includes(id) && canHideColumn(table, id),
  );
  return { pageSize: setting.pageSize, order, hidden };
}

/** Moves a column one place up (-1) or down (+1); unchanged at either end. */
export function moveColumn(order: readonly string[], id: string, offset: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Hides or shows a column; a column that cannot be hidden stays shown. */
export function setColumnHidden(
  table: string,
  hidden: readonly string[],
  id: string,
  hide: boolean,
): string[] {
  const rest = hidden.filter((h) => h !== id);
  return hide && canHideColumn(table, id) ? [...rest, id] : rest;
}

/** The setting to store for a layout: an order equal to the default is stored empty. */
export function toListSetting(
  table: string,
  columns: readonly ListColumn[],
  layout: ListLayout,
): ListSetting {
  const defaultOrder = columns.map((c) => c.id);
  const reordered = layout.order.some((id, index) => id !== defaultOrder[index]);
  return {
    table,
    pageSize: layout.pageSize,
    hiddenColumns: layout.hidden.filter((id) => canHideColumn(table, id)),
    reorderedColumns: reordered ? [...layout.order] : [],
  };
}

/** All list settings with this table's replaced (or added). */
export function withListSetting(
  settings: readonly ListSetting[],
  setting: ListSetting,
): ListSetting[] {
  return [...settings.filter((s) => s.table !== setting.table), setting];
}

/** All list settings without this table's (back to its defaults). */
export function withoutListSetting(settings: readonly ListSetting[], table: string): ListSetting[] {
  return settings.filter((s) => s.table !== table);
}
