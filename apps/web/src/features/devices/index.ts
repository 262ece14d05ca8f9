/** The devices feature's public surface for other features (CONVENTIONS §2). */
export { deviceQueryKey, getDeviceQueryOptions } from './api/get-device';
export { useDeviceCommand } from './api/run-device-command';
export { DeviceFrame } from './components/device-frame';
export type { DeviceSection } from './components/device-frame';
export { DeviceList } from './components/device-list';
export { deviceListColumns } from './components/device-table';
export { EditActions } from './components/edit-actions';
export { DeviceJson } from './components/json/device-json';
export { ComponentsCard } from './components/overview/components-card';
export { DeviceOverview } from './components/overview/device-overview';
export { Field, FieldList, OptionalValue, OverviewCard } from './components/overview/overview-card';
export { DeviceUsageHistory } from './components/usage/device-usage-history';
export { useDeviceListView } from './hooks/use-device-list-view';
export { deviceMessages } from './messages';
export { DEVICE_LIST_TABLE } from './utils/device-columns';
export { formatUtcDateTime } from './utils/device-display';
export { DEVICE_PAGE_SIZES, deviceListSearchSchema } from './utils/device-list-view';
