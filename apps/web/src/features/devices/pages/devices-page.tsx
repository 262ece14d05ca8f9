import { roleCan } from '@aerie/contract';
import { useMemo } from 'react';
import {
  useColumnEditorTarget,
  type ColumnEditorTarget,
} from '../../../components/data-table/column-editor-store';
import { useListSettings } from '../../../components/data-table/use-list-settings';
import { DeviceList } from '../components/device-list';
import type { DeviceListAccount } from '../components/device-list-filters';
import { deviceListColumns } from '../components/device-table';
import { useDeviceListView } from '../hooks/use-device-list-view';
import { deviceMessages } from '../messages';
import { DEVICE_LIST_TABLE } from '../utils/device-columns';
import { DEVICE_PAGE_SIZES } from '../utils/device-list-view';
import { useAccounts } from '../../shell';
import { useMe } from '../../users';
import { useStore } from '../../../lib/store';
import { contextPane, toggleContextPane } from '../../../lib/context-pane-store';

/** `/devices` (spec 001 §2 "Device list"): the list, its filters and its column editor. */
/** The account filter's options before the accounts arrive (one array, so the filters stay memoised). */
const NO_ACCOUNTS: readonly DeviceListAccount[] = [];

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
    <DeviceList
      accounts={accounts.data ?? NO_ACCOUNTS}
      layout={settings.layout}
      onEditColumns={() => toggleContextPane('columnEditor')}
      columnEditorOpen={pane === 'columnEditor'}
      canDelete={me ? roleCan(me.role, 'devices.delete') : false}
    />
  );
}
