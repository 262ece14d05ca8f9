/** User-visible strings of the notifications pane (spec 000 §2.8; kept verbatim). */
export const notificationsMessages = {
  title: 'Notifications',
  empty: 'No notifications to show',
  failed: 'The notifications could not be loaded.',
  bell: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications (${unread} unread)`),
  clearAll: 'Clear all',
  clearAllTitle: 'Clear all notifications',
  clearAllConsequence:
    'Remove every notification from this list? They cannot be brought back; new ones still arrive.',
  testNotificationSent: 'Test notification sent.',
  types: {
    info: 'Information',
    warning: 'Warning',
    error: 'Error',
    success: 'Success',
    partialsuccess: 'Partial success',
    progress: 'In progress',
  },
} as const;
