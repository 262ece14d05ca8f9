import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  deviceListSearch,
  parseDeviceListView,
  type DeviceListSearch,
  type DeviceListView,
} from '../utils/device-list-view';

export interface UpdateViewOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

export type UpdateDeviceListView = (
  changes: Partial<DeviceListView>,
  options?: UpdateViewOptions,
) => void;

/**
 * The device list's view (filters, sort, page, page size), kept in the address's search so a
 * view can be shared and survives reload. Any change but the page goes back to page 1.
 */
export function useDeviceListView(): [DeviceListView, UpdateDeviceListView] {
  const search = useLocation({ select: (location) => location.search as DeviceListSearch });
  const view = useMemo(() => parseDeviceListView(search), [search]);
  const router = useRouter();
  const navigate = useNavigate();

  const update = useCallback<UpdateDeviceListView>(
    (changes, { replace = false } = {}) => {
      // NOTE: read the address now, not at render: a debounced call may come later.
      const { pathname } = router.state.location;
      const latest: unknown = router.state.location.search;
      const current = parseDeviceListView(latest as DeviceListSearch);
      const next: DeviceListView = { ...current, page: 1, ...changes };
      void navigate({ to: pathname, search: deviceListSearch(next), replace });
    },
    [router, navigate],
  );
  return [view, update];
}
