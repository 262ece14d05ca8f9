/** The notifications feature's public surface for the app and other features (CONVENTIONS §2). */
import { lazyComponent } from '../../lib/lazy-component';

export { getNotificationsQueryOptions } from './api/get-notifications';
export { useSendTestNotification } from './api/send-test-notification';
export { NotificationBell } from './components/notification-bell';
export { useLiveNotifications } from './hooks/use-live-notifications';

/** The notifications pane, loaded when first opened. */
export const NotificationsPane = lazyComponent(() =>
  import('./components/notifications-pane').then((m) => m.NotificationsPane),
);
