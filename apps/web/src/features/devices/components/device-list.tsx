import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { ServerListBody, useLastPageClamp } from '../../../components/data-table/server-list';
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

  const goTo = useCallback((page: number) => update({ page }, { replace: true }), [update]);
  useLastPageClamp(total, pageSize, view.page, devices.isPlaceholderData, goTo);

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
      <ServerListBody
        query={{
          isError: devices.isError,
          hasData: devices.data !== undefined,
          refetch: devices.refetch,
        }}
        loadFailed={m.loadFailed}
        retry={m.retry}
        table={
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
        }
        total={total}
        page={view.page}
        pageSize={pageSize}
        pageSizes={DEVICE_PAGE_SIZES}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(size) => {
          const next = DEVICE_PAGE_SIZES.find((s) => s === size);
          if (next) update({ pageSize: next });
        }}
      />
      <DeleteDeviceModal device={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
