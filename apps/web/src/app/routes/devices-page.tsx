import { roleCan } from '@aerie/contract';
import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  useColumnEditorTarget,
  type ColumnEditorTarget,
} from '../../components/data-table/column-editor-store';
import { useListSettings } from '../../components/data-table/use-list-settings';
import {
  DEVICE_LIST_TABLE,
  DEVICE_PAGE_SIZES,
  DeviceList,
  deviceListColumns,
  deviceMessages,
  useDeviceListView,
} from '../../features/devices';
import { useAccounts } from '../../features/shell';
import { useMe } from '../../features/users';
import { useStore } from '../../lib/store';
import { contextPane, toggleContextPane } from '../layout/context-pane-store';

/** `/devices` (spec 001 §2 "Device list"): the list, its filters and its column editor. */
export function DevicesPage() {
  const accounts = useAccounts();
  const { data: me } = useMe({ enabled: false });
  const settings = useListSettings(DEVICE_LIST_TABLE, deviceListColumns);
  const pane = useStore(contextPane);
  const [, updateView] = useDeviceListView();

  const target = useMemo<ColumnEditorTarget>(
    () => ({
      table: DEVICE_LIST_TABLE,
      title: deviceMessages.listTitle,
      columns: deviceListColumns,
      pageSizes: DEVICE_PAGE_SIZES,
      // A page size chosen in the editor replaces the one in the address (and its page).
      onPageSizeChange: () => updateView({ pageSize: null }, { replace: true }),
    }),
    [updateView],
  );
  useColumnEditorTarget(target);

  return (
    <Stack gap="md">
      <Title order={1}>{deviceMessages.listTitle}</Title>
      <DeviceList
        accounts={accounts.data ?? []}
        layout={settings.layout}
        onEditColumns={() => toggleContextPane('columnEditor')}
        columnEditorOpen={pane === 'columnEditor'}
        canDelete={me ? roleCan(me.role, 'devices.delete') : false}
      />
    </Stack>
  );
}
