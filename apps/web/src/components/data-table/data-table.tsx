import { Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
} from '@tanstack/react-table';
import { useDeferredValue, useMemo } from 'react';
import { Icon } from '../ui/icons';
import { dataTableMessages as m } from './messages';
import classes from './data-table.module.css';

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
  const rows = table.getRowModel().rows;

  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      {...(maxHeight ? { maxHeight, className: classes.scroller } : {})}
    >
      <Table
        aria-label={label}
        aria-busy={loading || busy || rendering}
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
            rows.map((row) => (
              <Table.Tr
                key={row.id}
                {...(row.id === selectedRowId
                  ? { 'aria-current': 'true' as const, className: classes.selected }
                  : {})}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id} data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
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
