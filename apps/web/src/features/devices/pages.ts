import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';
import { deviceListSearchSchema } from './utils/device-list-view';

/** The device list and the tabs of the device detail it serves (spec 001 §2). */
export const devicesPages = definePages({
  devices: {
    component: lazyRouteComponent(() => import('./pages/devices-page'), 'DevicesPage'),
    validateSearch: deviceListSearchSchema,
  },
  deviceOverview: {
    component: lazyRouteComponent(() => import('./pages/device-pages'), 'DeviceOverviewPage'),
  },
  deviceUsage: {
    component: lazyRouteComponent(() => import('./pages/device-usage-page'), 'DeviceUsagePage'),
  },
  deviceJson: {
    component: lazyRouteComponent(() => import('./pages/device-pages'), 'DeviceJsonPage'),
  },
});
