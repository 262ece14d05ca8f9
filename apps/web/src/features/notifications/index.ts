/** The notifications feature's public surface for the app and other features (CONVENTIONS §2). */
export { getNotificationsQueryOptions } from './api/get-notifications';
export { useSendTestNotification } from './api/send-test-notification';
export { NotificationBell } from './components/notification-bell';
export { NotificationsPane } from './components/notifications-pane';
export { useLiveNotifications } from './hooks/use-live-notifications';
