import { z } from 'zod';
import type { Permission } from '../roles.js';

/** Notification types (spec 000 §3): lower-case for general ones, capitalised for sync results. */
export const notificationTypes = [
  'info',
  'warning',
  'error',
  'success',
  'partialsuccess',
  'progress',
  'Success',
  'Error',
  'PartialSuccess',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Final types of a sync notification: they clear the device's sync-in-progress flag. */
export const FINAL_SYNC_TYPES: readonly NotificationType[] = ['Success', 'Error', 'PartialSuccess'];

/**
 * What a notification leads to, as the first segment of its page: the web app opens
 * `/{entityType}/{entityId}/overview` (spec 000 §2.8), so each value must be a route of the
 * route table (shell/routes.ts): `/devices/$id/overview`, `/subscriptions/$id/overview`.
 */
export const notificationEntityTypes = ['devices', 'subscriptions'] as const;
export const notificationEntityTypeSchema = z.enum(notificationEntityTypes);
export type NotificationEntityType = z.infer<typeof notificationEntityTypeSchema>;

export const notificationMetadataSchema = z.object({
  entityType: notificationEntityTypeSchema,
  entityId: z.string(),
});
export type NotificationMetadata = z.infer<typeof notificationMetadataSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  /** e.g. SyncRemote or SyncTerminal. */
  name: z.string(),
  type: notificationTypeSchema,
  isRead: z.boolean(),
  label: z.string(),
  createdOn: z.iso.datetime({ offset: true }),
  createdOnUnixMs: z.number().int(),
  metadata: notificationMetadataSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

/** `PUT /v1/notifications`: mark these as read. */
export const markNotificationsReadSchema = z.array(z.uuid()).max(1000);

/**
 * `DELETE /v1/notifications`: clear the listed ones (`ids`), or all of the caller's with
 * `{ "all": true }`. Clearing everything is never what an empty or forgotten body means.
 */
export const clearNotificationsSchema = z
  .strictObject({
    ids: z.array(z.uuid()).min(1).max(1000).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'Send the ids of the notifications to clear, or "all": true to clear every one.',
    path: ['ids'],
  });
export type ClearNotifications = z.infer<typeof clearNotificationsSchema>;

/**
 * Who may send themselves a test notification (`POST /v1/notifications/test`): it checks that
 * the live channel reaches a user, a health check, so it belongs to those who watch the
 * system's health (Super User and the brand Admin); the user panel shows it only to them.
 */
export const TEST_NOTIFICATION_PERMISSION = 'health.view' satisfies Permission;

/** Name of the Server-Sent Events event on `{liveUrl}/notifications` (spec 000 §7). */
export const NOTIFICATION_EVENT = 'Notification';
