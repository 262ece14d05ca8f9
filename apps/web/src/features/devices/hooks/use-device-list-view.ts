import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  deviceListSearch,
  parseDeviceListView,
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
  // NOTE: the router has validated the search already; parsing it again types it here, where
  // the route tree built from the contract's route table cannot.
  const view = useSearch({
    strict: false,
    select: (search) => parseDeviceListView(search),
    structuralSharing: true,
  });
  const router = useRouter();
  const navigate = useNavigate();

  const update = useCallback<UpdateDeviceListView>(
    (changes, { replace = false } = {}) => {
      // NOTE: read the address now, not at render: a debounced call may come later.
      const { pathname } = router.state.location;
      const latest: unknown = router.state.location.search;
      const next: DeviceListView = { ...parseDeviceListView(latest), page: 1, ...changes };
      void navigate({ to: pathname, search: deviceListSearch(next), replace });
    },
    [router, navigate],
  );
  return [view, update];
}
