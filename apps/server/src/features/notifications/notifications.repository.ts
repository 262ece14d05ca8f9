import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { notifications } from '../../db/schema.js';

export type NotificationRecord = typeof notifications.$inferSelect;

export interface NewNotification {
  name: string;
  type: string;
  label: string;
  entityType: string | null;
  entityId: string | null;
}

export function createNotificationsRepository(db: Db) {
  return {
    async insert(userId: string, n: NewNotification): Promise<NotificationRecord> {
      const rows = await db
        .insert(notifications)
        .values({ userId, ...n })
        .returning();
      return rows[0]!;
    },

    async findById(id: string): Promise<NotificationRecord | null> {
      const rows = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async listForUser(userId: string, limit: number): Promise<NotificationRecord[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    /** Marks the user's own notifications among `ids` as read; others' ids match nothing. */
    async markRead(userId: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
    },

    /** Deletes the user's notifications among `ids`, or all of them when `ids` is null. */
    async clear(userId: string, ids: readonly string[] | null): Promise<void> {
      await db
        .delete(notifications)
        .where(
          ids === null
            ? eq(notifications.userId, userId)
            : and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])),
        );
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
