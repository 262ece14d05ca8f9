import { useSearchView, type UpdateSearchView } from '../../../lib/use-search-view';
import {
  deviceListSearch,
  parseDeviceListView,
  type DeviceListView,
} from '../utils/device-list-view';

export type UpdateDeviceListView = UpdateSearchView<DeviceListView>;

/** The device list's view (filters, sort, page, page size), kept in the address's search. */
export function useDeviceListView(): [DeviceListView, UpdateDeviceListView] {
  return useSearchView(parseDeviceListView, deviceListSearch);
}
