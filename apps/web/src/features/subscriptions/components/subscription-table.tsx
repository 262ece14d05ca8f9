import {
  UNLIMITED_DATA_LIMIT_GB,
  type SubscriptionListItem,
  type SubscriptionsUsageItem,
} from '@aerie/contract';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type DataTableSort } from '../../../components/data-table/data-table';
import type { ListColumn } from '../../../components/data-table/list-layout';
import classes from '../../../components/data-table/table-cells.module.css';
import { formatBytes } from '../../../lib/format-bytes';
import { routePath } from '../../../lib/route-paths';
import { formatUtcDate } from '../../devices';
import { subscriptionMessages } from '../messages';
import {
  subscriptionColumnIds,
  subscriptionSortColumnIds,
  type SubscriptionSortColumnId,
} from '../utils/subscription-columns';
import { usageLevel, usedPercent } from '../utils/subscription-usage';
import usageClasses from './subscription-table.module.css';
import type { SubscriptionListSearch } from '../utils/subscription-list-view';

const m = subscriptionMessages;

/** The table scrolls under its header within the window (like the device list). */
const SUBSCRIPTION_TABLE_MAX_HEIGHT = 'max(320px, calc(100dvh - 275px))';

/** The list's columns for the column editor, in their default order. */
export const subscriptionListColumns: readonly ListColumn[] = subscriptionColumnIds.map((id) => ({
  id,
  label: m.columns[id],
}));

/** This month's usage of the subscriptions on screen, by id; undefined until it arrives. */
export type SubscriptionUsageById = ReadonlyMap<string, SubscriptionsUsageItem> | undefined;

/** "1.2 GB of 50 GB (2%)" over a thin bar coloured at the usage alerts' thresholds. */
function usageCell(item: SubscriptionsUsageItem | undefined, dash: ReactNode): ReactNode {
  if (!item) return dash;
  const limit = item.dataLimitInGb;
  const limitText =
    limit === null ? '—' : limit === UNLIMITED_DATA_LIMIT_GB ? m.list.unlimited : `${limit} GB`;
  const percent = usedPercent(item.value, limit);
  return (
    <span className={usageClasses.usage}>
      <span>
        {m.list.usageOf(formatBytes(item.value), limitText)}
        {percent !== null ? ` (${percent}%)` : ''}
      </span>
      {percent !== null ? (
        <span className={usageClasses.bar} aria-hidden>
          <span
            className={usageClasses.fill}
            data-level={usageLevel(percent)}
            style={{ width: `${percent}%` }}
          />
        </span>
      ) : null}
    </span>
  );
}

function columns(
  linkSearch: SubscriptionListSearch,
  usage: SubscriptionUsageById,
): ColumnDef<SubscriptionListItem>[] {
  // NOTE: plain elements in cells, not Mantine components: they render once per row.
  const dash = <span className={classes.dash}>—</span>;
  const date = (value: string | undefined) => formatUtcDate(value) ?? dash;
  return [
    {
      id: 'subscriptionNumber',
      header: m.columns.subscriptionNumber,
      // spec 001 §2: 'Unknown' when the CRM has not numbered it yet.
      cell: ({ row }) => row.original.subscriptionNumber || m.list.unknownNumber,
    },
    {
      id: 'product',
      header: m.columns.product,
      cell: ({ row }) => {
        const { id, description } = row.original;
        if (!id) return description ?? dash;
        return (
          <Link
            className={classes.link}
            to={routePath('subscription2Overview', { id })}
            search={linkSearch}
          >
            {description || id}
          </Link>
        );
      },
    },
    { id: 'kpc', header: m.columns.kpc, cell: ({ row }) => row.original.productCode ?? dash },
    {
      id: 'account',
      header: m.columns.account,
      cell: ({ row }) => row.original.accountName ?? dash,
    },
    {
      id: 'startDate',
      header: m.columns.startDate,
      cell: ({ row }) => date(row.original.startDate),
    },
    { id: 'endDate', header: m.columns.endDate, cell: ({ row }) => date(row.original.endDate) },
    {
      id: 'usage',
      header: m.columns.usage,
      enableSorting: false,
      cell: ({ row }) => usageCell(row.original.id ? usage?.get(row.original.id) : undefined, dash),
    },
  ];
}

export interface SubscriptionTableProps {
  subscriptions: readonly SubscriptionListItem[];
  columnOrder: readonly string[];
  hiddenColumns: readonly string[];
  sort: SubscriptionSortColumnId;
  direction: 'asc' | 'desc';
  onSortChange: (sort: SubscriptionSortColumnId, direction: 'asc' | 'desc') => void;
  /** This month's usage of the rows, for the usage column. */
  usage: SubscriptionUsageById;
  /** The list's search values, carried by the links so the list keeps its view. */
  linkSearch: SubscriptionListSearch;
  loading: boolean;
  busy: boolean;
  /** The subscription open in the detail pane, whose row is highlighted. */
  openId?: string | undefined;
}

/** The subscriptions table (spec 001 §2): products link to subscription2Overview. */
export function SubscriptionTable({
  subscriptions,
  columnOrder,
  hiddenColumns,
  sort,
  direction,
  onSortChange,
  linkSearch,
  loading,
  busy,
  openId,
  usage,
}: SubscriptionTableProps) {
  const defs = useMemo(() => columns(linkSearch, usage), [linkSearch, usage]);
  const tableSort = useMemo<DataTableSort>(
    () => ({ id: sort, desc: direction === 'desc' }),
    [sort, direction],
  );
  return (
    <DataTable
      label={m.list.tableLabel}
      columns={defs}
      data={subscriptions}
      getRowId={(s) => s.id ?? ''}
      columnOrder={columnOrder}
      hiddenColumns={hiddenColumns}
      sort={tableSort}
      onSortChange={(next) => {
        const column = subscriptionSortColumnIds.find((id) => id === next.id);
        if (column) onSortChange(column, next.desc ? 'desc' : 'asc');
      }}
      loading={loading}
      busy={busy}
      emptyText={m.list.empty}
      dense
      maxHeight={SUBSCRIPTION_TABLE_MAX_HEIGHT}
      selectedRowId={openId}
    />
  );
}
