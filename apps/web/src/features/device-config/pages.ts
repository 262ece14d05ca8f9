import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The device detail's Configuration tab (spec 001 §2). */
export const deviceConfigPages = definePages({
  deviceConfiguration: {
    component: lazyRouteComponent(
      () => import('./pages/device-configuration-page'),
      'DeviceConfigurationPage',
    ),
  },
});
