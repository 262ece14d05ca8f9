import type { DeviceListItem } from '@aerie/contract';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type DataTableSort } from '../../../components/data-table/data-table';
import type { ListColumn } from '../../../components/data-table/list-layout';
import { routePath } from '../../../lib/route-paths';
import { deviceMessages } from '../messages';
import { deviceColumnIds, type DeviceColumnId } from '../utils/device-columns';
import type { DeviceListSearch } from '../utils/device-list-view';
import { OnlineStateBadge } from './online-state-badge';
import classes from '../../../components/data-table/table-cells.module.css';
import type { ColumnDef } from '@tanstack/react-table';

const m = deviceMessages;

/**
 * The table scrolls under its header within the window, leaving room for the top bar, the
 * title, the filters, the summary and the pager (issue 13: 25 rows at 1440x900).
 */
const DEVICE_TABLE_MAX_HEIGHT = 'max(320px, calc(100dvh - 275px))';

/** The device list's columns for the column editor, in their default order. */
export const deviceListColumns: readonly ListColumn[] = deviceColumnIds.map((id) => ({
  id,
  label: m.columns[id],
}));

/** A satellite or cellular online-state column. */
function onlineColumn(id: 'satelliteOnline' | 'cellularOnline'): ColumnDef<DeviceListItem> {
  return {
    id,
    header: m.columns[id],
    cell: ({ row }) => (
      <OnlineStateBadge online={row.original.networkStatus?.[id]} label={m.columns[id]} />
    ),
  };
}

/** A device the list offers to delete (ctrl-click on its serial). */
export interface DeviceToDelete {
  id: string;
  name: string;
}

function deviceColumns(
  linkSearch: DeviceListSearch,
  onDeleteRequest: ((device: DeviceToDelete) => void) | undefined,
): ColumnDef<DeviceListItem>[] {
  // NOTE: plain elements in cells, not Mantine components: they render once per row.
  const dash = <span className={classes.dash}>—</span>;
  return [
    {
      id: 'name',
      header: m.columns.name,
      cell: ({ row }) => {
        const { id, name } = row.original;
        if (!id) return name ?? dash;
        return (
          <Link
            className={classes.link}
            to={routePath('deviceOverview', { id })}
            search={linkSearch}
          >
            {name || id}
          </Link>
        );
      },
    },
    {
      id: 'serial',
      header: m.columns.serial,
      cell: ({ row }) => {
        const { id, name, serial } = row.original;
        if (!serial) return dash;
        if (!onDeleteRequest || !id) return serial;
        // NOTE: spec 001 §2: a hidden action, deliberately without any affordance; the JSON
        // tab's Danger Zone is the visible (and keyboard) way to the same deletion.
        return (
          <span
            data-testid="device-serial"
            onClick={(event) => {
              if (!event.ctrlKey && !event.metaKey) return;
              event.preventDefault();
              onDeleteRequest({ id, name: name ?? serial });
            }}
          >
            {serial}
          </span>
        );
      },
    },
    { id: 'kpc', header: m.columns.kpc, cell: ({ row }) => row.original.productCode ?? dash },
    {
      id: 'account',
      header: m.columns.account,
      cell: ({ row }) => row.original.accountName ?? dash,
    },
    onlineColumn('satelliteOnline'),
    onlineColumn('cellularOnline'),
  ];
}

export interface DeviceTableProps {
  devices: readonly DeviceListItem[];
  columnOrder: readonly string[];
  hiddenColumns: readonly string[];
  sort: DeviceColumnId;
  direction: 'asc' | 'desc';
  onSortChange: (sort: DeviceColumnId, direction: 'asc' | 'desc') => void;
  /** The list's search values, carried by the device links so the list keeps its view. */
  linkSearch: DeviceListSearch;
  loading: boolean;
  busy: boolean;
  /** Super User: ctrl-click on a serial asks to delete the device (spec 001 §2). */
  onDeleteRequest?: (device: DeviceToDelete) => void;
  /** The device open in the detail pane, whose row is highlighted. */
  openDeviceId?: string | undefined;
}

/** The device table (spec 001 §2): names link to deviceOverview, online states as text. */
export function DeviceTable({
  devices,
  columnOrder,
  hiddenColumns,
  sort,
  direction,
  onSortChange,
  linkSearch,
  loading,
  busy,
  onDeleteRequest,
  openDeviceId,
}: DeviceTableProps) {
  const columns = useMemo(
    () => deviceColumns(linkSearch, onDeleteRequest),
    [linkSearch, onDeleteRequest],
  );
  const tableSort = useMemo<DataTableSort>(
    () => ({ id: sort, desc: direction === 'desc' }),
    [sort, direction],
  );
  return (
    <DataTable
      label={m.list.tableLabel}
      columns={columns}
      data={devices}
      getRowId={(device) => device.id ?? ''}
      columnOrder={columnOrder}
      hiddenColumns={hiddenColumns}
      sort={tableSort}
      onSortChange={(next) => {
        const column = deviceColumnIds.find((id) => id === next.id);
        if (column) onSortChange(column, next.desc ? 'desc' : 'asc');
      }}
      loading={loading}
      busy={busy}
      emptyText={m.list.empty}
      dense
      maxHeight={DEVICE_TABLE_MAX_HEIGHT}
      selectedRowId={openDeviceId}
    />
  );
}
