import { Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
} from '@tanstack/react-table';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Icon } from '../ui/icons';
import { dataTableMessages as m } from './messages';
import classes from './data-table.module.css';

/**
 * The first rows a table shows when it mounts, then how many more each step adds: a page of
 * 50 rows committed at once was the device list's longest task on a phone (350 ms at 4x CPU
 * slowdown, issue 13); in steps the browser paints and handles input between them. Later
 * pages (a new page, sort or filter) render whole.
 */
export const FIRST_ROWS = 20;
export const ROW_STEP = 10;

/** The one sort of a server-sorted table: a column id and its direction. */
export interface DataTableSort {
  id: string;
  desc: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** Columns with ids; a string `header` is the column's label. */
  columns: ColumnDef<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** Column ids in display order, and the hidden ones (from the list settings). */
  columnOrder: readonly string[];
  hiddenColumns: readonly string[];
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  /** No rows to show yet. */
  loading?: boolean;
  /** Rows shown are being replaced (a new page, sort or filter is loading). */
  busy?: boolean;
  emptyText: string;
  minWidth?: number;
  /** Compact rows (smaller text and padding) for long lists such as the fleet. */
  dense?: boolean;
  /**
   * The table scrolls inside this height with its header kept in view (a CSS length); without
   * it the table grows with its rows.
   */
  maxHeight?: string;
  /** The row whose object is open (e.g. in the detail pane): marked `aria-current` and shown. */
  selectedRowId?: string | undefined;
}

/**
 * A server-sorted, server-paged table: TanStack Table for the columns (order, visibility,
 * sort state) rendered with Mantine's `Table`. Sorting asks the caller, which asks the server.
 */
export function DataTable<T>({
  label,
  columns,
  data,
  getRowId,
  columnOrder,
  hiddenColumns,
  sort,
  onSortChange,
  loading = false,
  busy = false,
  emptyText,
  minWidth = 720,
  dense = false,
  maxHeight,
  selectedRowId,
}: DataTableProps<T>) {
  // The rows render in a transition: a page arriving from the server (a synchronous update of
  // the query cache) is rendered in slices that let the browser handle input between them,
  // instead of one long task (issue 13, total blocking time). Until then the old rows stay.
  const rowsData = useDeferredValue(data);
  const rendering = rowsData !== data && (rowsData.length > 0 || data.length > 0);
  const columnVisibility = useMemo(
    () => Object.fromEntries(hiddenColumns.map((id) => [id, false])),
    [hiddenColumns],
  );
  const table = useReactTable<T>({
    data: rowsData as T[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: {
      sorting: [sort],
      columnOrder: [...columnOrder],
      columnVisibility,
    },
  });
  const visibleCount = table.getVisibleLeafColumns().length;
  const allRows = table.getRowModel().rows;
  const [shownRows, setShownRows] = useState(FIRST_ROWS);
  const complete = shownRows >= allRows.length;
  useEffect(() => {
    if (complete) return;
    const timer = setTimeout(() => startTransition(() => setShownRows((n) => n + ROW_STEP)), 0);
    return () => clearTimeout(timer);
  }, [complete, shownRows]);
  // Once every row of a page has shown, later pages show whole (shownRows only grows).
  const rows = complete ? allRows : allRows.slice(0, shownRows);

  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      {...(maxHeight ? { maxHeight, className: classes.scroller } : {})}
    >
      <Table
        aria-label={label}
        aria-busy={loading || busy || rendering || !complete}
        highlightOnHover
        verticalSpacing={dense ? 4 : 'xs'}
        stickyHeader={maxHeight !== undefined}
        className={classes.table}
        data-busy={busy || undefined}
        data-dense={dense || undefined}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <SortableHeader
                  key={header.id}
                  header={header}
                  sort={sort}
                  onSortChange={onSortChange}
                />
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={visibleCount}>
                {loading || rendering ? (
                  <Center py="lg">
                    <Loader size="sm" role="status" aria-label={m.loading} />
                  </Center>
                ) : (
                  <Text c="dimmed" py="md" ta="center">
                    {emptyText}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ) : (
            // NOTE: body rows are plain elements with Mantine's table classes: a Table.Tr or
            // Table.Td runs Mantine's props, context and styles machinery for every cell (a
            // page of 50 rows is 500 cells), which was most of the list's first render
            // (issue 13, total blocking time). Same classes and data attributes, same look.
            rows.map((row) => (
              <tr
                key={row.id}
                className={
                  row.id === selectedRowId
                    ? `${Table.classes.tr} ${classes.selected}`
                    : Table.classes.tr
                }
                data-with-row-border
                data-hover
                {...(row.id === selectedRowId ? { 'aria-current': 'true' as const } : {})}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={Table.classes.td} data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface SortableHeaderProps<T> {
  header: Header<T, unknown>;
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
}

function SortableHeader<T>({ header, sort, onSortChange }: SortableHeaderProps<T>) {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  const { id } = header.column;
  // NOTE: columns render their own cells (no accessor), so TanStack's getCanSort() is false;
  // sorting is the server's, and a column opts out with `enableSorting: false`.
  if (header.column.columnDef.enableSorting === false) {
    return (
      <Table.Th data-column={id} scope="col">
        {content}
      </Table.Th>
    );
  }
  const active = sort.id === id;
  return (
    <Table.Th
      data-column={id}
      scope="col"
      aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-active={active || undefined}
        // Same column: flip the direction; another column: ascending first.
        onClick={() => onSortChange({ id, desc: active ? !sort.desc : false })}
      >
        {content}
        <Icon
          name={active ? (sort.desc ? 'arrowDown' : 'arrowUp') : 'sortable'}
          size={14}
          className={classes.sortIcon}
        />
      </UnstyledButton>
    </Table.Th>
  );
}

export type FixedDataTableProps<T> = Omit<
  DataTableProps<T>,
  'columnOrder' | 'hiddenColumns' | 'sort' | 'onSortChange'
>;

const NO_HIDDEN_COLUMNS: readonly string[] = [];
const NO_SORT: DataTableSort = { id: '', desc: false };
const ignoreSort = () => undefined;

/**
 * A table of rows in the order given: its columns as declared, none hidden, none sortable (a
 * short list the page orders itself, such as the jobs or a device's diagnostic files).
 */
export function FixedDataTable<T>({ columns, ...props }: FixedDataTableProps<T>) {
  const fixed = useMemo(
    () => columns.map((column) => ({ ...column, enableSorting: false })),
    [columns],
  );
  const order = useMemo(() => columns.map((column) => column.id ?? ''), [columns]);
  return (
    <DataTable
      {...props}
      columns={fixed}
      columnOrder={order}
      hiddenColumns={NO_HIDDEN_COLUMNS}
      sort={NO_SORT}
      onSortChange={ignoreSort}
    />
  );
}
