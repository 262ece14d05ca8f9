import { z } from 'zod';
import { endpoint, media } from '../http/endpoint.js';
import {
  clearNotificationsSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  notificationSchema,
  TEST_NOTIFICATION_PERMISSION,
} from '../notifications/notifications.js';

/** The caller's notifications and their live stream (docs/decisions/005-live-notifications.md). */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/notifications',
    tags: ['notifications'],
    summary: "The caller's notifications, newest first (at most 200)",
    access: { kind: 'signedIn' },
    responses: { 200: notificationListSchema },
  }),
  markRead: endpoint({
    method: 'PUT',
    path: '/v1/notifications',
    tags: ['notifications'],
    summary: "Mark the caller's notifications as read",
    access: { kind: 'signedIn' },
    body: markNotificationsReadSchema,
    responses: { 204: z.null() },
  }),
  clear: endpoint({
    method: 'DELETE',
    path: '/v1/notifications',
    tags: ['notifications'],
    summary: 'Clear the listed notifications (`ids`), or all of the caller\'s (`"all": true`)',
    access: { kind: 'signedIn' },
    body: clearNotificationsSchema,
    responses: { 204: z.null() },
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/v1/notifications/test',
    tags: ['notifications'],
    summary: 'Send the caller a test notification through the live channel',
    description:
      'For those who watch the system health (Super User, the brand Admin). At most 5 a minute per user; more answer 429.',
    access: { kind: 'permission', permission: TEST_NOTIFICATION_PERMISSION, check: 'route' },
    responses: { 201: notificationSchema },
  }),
  live: endpoint({
    method: 'GET',
    path: '/live/notifications',
    tags: ['notifications'],
    summary: `Server-Sent Events stream of the caller's new notifications (event "Notification")`,
    description: 'At most 10 open streams per user on one instance; more answer 429.',
    access: { kind: 'signedIn' },
    responses: {
      200: media('text/event-stream', 'One "Notification" event per new notification'),
    },
  }),
} as const;
