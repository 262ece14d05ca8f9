import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { DataTablePager } from '../../../components/data-table/data-table-pager';
import { InSlices } from '../../../components/in-slices/in-slices';
import type { ListLayout } from '../../../components/data-table/list-layout';
import { Icon } from '../../../components/ui/icons';
import { useDeviceSummary } from '../api/get-device-summary';
import { useDevices } from '../api/get-devices';
import { useDeviceExport } from '../hooks/use-device-export';
import { useDeviceListView } from '../hooks/use-device-list-view';
import { deviceMessages } from '../messages';
import { DEVICE_PAGE_SIZES, deviceListRequest, deviceListSearch } from '../utils/device-list-view';
import { DeviceExportButton } from './device-export-button';
import { DeviceListFilters, type DeviceListAccount } from './device-list-filters';
import classes from './device-list.module.css';
import { DeviceListSummary } from './device-list-summary';
import { DeleteDeviceModal } from './delete-device-modal';
import { DeviceTable, type DeviceToDelete } from './device-table';

const m = deviceMessages.list;

export interface DeviceListProps {
  /** The accounts the user can see, for the account filter. */
  accounts: readonly DeviceListAccount[];
  /** The user's layout of the table (list settings): column order, hidden, page size. */
  layout: ListLayout;
  onEditColumns: () => void;
  columnEditorOpen: boolean;
  /** Super User: the hidden ctrl-click on a serial deletes a device (spec 001 §2). */
  canDelete?: boolean;
}

/**
 * The device list (spec 001 §2): its title, the total and the online summary, filters, a
 * server-sorted and server-paged table and Export to CSV. The view lives in the address.
 */
export function DeviceList({
  accounts,
  layout,
  onEditColumns,
  columnEditorOpen,
  canDelete = false,
}: DeviceListProps) {
  const [toDelete, setToDelete] = useState<DeviceToDelete | null>(null);
  const [view, update] = useDeviceListView();
  const pageSize = view.pageSize ?? layout.pageSize;
  const request = useMemo(() => deviceListRequest(view, pageSize), [view, pageSize]);
  const devices = useDevices(request);
  const summary = useDeviceSummary(request);
  const exporter = useDeviceExport();
  const linkSearch = useMemo(() => deviceListSearch(view), [view]);
  const total = devices.data?.total;
  // A device open in the detail pane over the list (/devices/{id}/...): its row is marked.
  const params: Record<string, string | undefined> = useParams({ strict: false });

  // A page past the end (fewer devices since the link was made): go to the last page.
  useEffect(() => {
    if (devices.isPlaceholderData || total === undefined || total === 0) return;
    const last = Math.ceil(total / pageSize);
    if (view.page > last) update({ page: last }, { replace: true });
  }, [devices.isPlaceholderData, total, pageSize, view.page, update]);

  return (
    <Stack gap="sm">
      {/* One line for the title, the counts and the actions: room for 25 rows at 1440x900. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="lg" wrap="wrap" align="baseline">
          <Title order={1}>{deviceMessages.listTitle}</Title>
          {/* The counts keep their place while they load (device-list.module.css). */}
          <Group gap="lg" wrap="nowrap" align="baseline" className={classes.counts}>
            <Text fw={600} aria-live="polite" data-testid="device-total">
              {total === undefined ? '\u00a0' : m.total(total)}
            </Text>
            {/* With the total, so the total never pushes a shown summary aside. */}
            <DeviceListSummary summary={total === undefined ? undefined : summary.data} />
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap">
          <DeviceExportButton
            state={exporter.state}
            disabled={total === 0}
            onExport={() => void exporter.run(view)}
          />
          <Button
            variant="default"
            leftSection={<Icon name="columns" size={16} />}
            onClick={onEditColumns}
            aria-expanded={columnEditorOpen}
          >
            {m.editColumns}
          </Button>
        </Group>
      </Group>
      <DeviceListFilters view={view} onChange={update} accounts={accounts} />
      {devices.isError && !devices.data ? (
        <Alert color="red" role="alert" title={m.loadFailed}>
          <Button variant="default" size="xs" onClick={() => void devices.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      ) : (
        <>
          <DeviceTable
            devices={devices.data?.items ?? []}
            columnOrder={layout.order}
            hiddenColumns={layout.hidden}
            sort={view.sort}
            direction={view.direction}
            onSortChange={(sort, direction) => update({ sort, direction })}
            linkSearch={linkSearch}
            loading={devices.isPending}
            busy={devices.isPlaceholderData}
            openDeviceId={params['id']}
            {...(canDelete ? { onDeleteRequest: setToDelete } : {})}
          />
          {devices.isError && (
            <Alert color="red" role="alert">
              {m.loadFailed}
            </Alert>
          )}
          {/* Once the first page is known: a pager shown under the loading row would jump
              down when the rows arrive (issue 13, layout shift). */}
          {total !== undefined && (
            <InSlices>
              <DataTablePager
                page={view.page}
                pageSize={pageSize}
                total={total ?? 0}
                pageSizes={DEVICE_PAGE_SIZES}
                onPageChange={(page) => update({ page })}
                onPageSizeChange={(size) => {
                  const next = DEVICE_PAGE_SIZES.find((s) => s === size);
                  if (next) update({ pageSize: next });
                }}
              />
            </InSlices>
          )}
        </>
      )}
      <DeleteDeviceModal device={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
