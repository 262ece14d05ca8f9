import type pg from 'pg';
import type { notifications } from '../../db/schema.js';

export type NotificationRecord = typeof notifications.$inferSelect;

/** What a publisher supplies; the id, owner, read flag and time are the table's. */
export type NewNotification = Pick<
  NotificationRecord,
  'name' | 'type' | 'label' | 'entityType' | 'entityId'
>;

const COLUMNS = `id, user_id as "userId", name, type, label, is_read as "isRead",
  entity_type as "entityType", entity_id as "entityId", created_at as "createdAt"`;

export function createNotificationsRepository(pool: pg.Pool) {
  return {
    async insert(userId: string, n: NewNotification): Promise<NotificationRecord> {
      const r = await pool.query<NotificationRecord>(
        `insert into notifications (user_id, name, type, label, entity_type, entity_id)
         values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
        [userId, n.name, n.type, n.label, n.entityType, n.entityId],
      );
      return r.rows[0]!;
    },

    async findById(id: string): Promise<NotificationRecord | null> {
      const r = await pool.query<NotificationRecord>(
        `select ${COLUMNS} from notifications where id = $1 limit 1`,
        [id],
      );
      return r.rows[0] ?? null;
    },

    async listForUser(userId: string, limit: number): Promise<NotificationRecord[]> {
      const r = await pool.query<NotificationRecord>(
        `select ${COLUMNS} from notifications where user_id = $1
         order by created_at desc, id desc limit $2`,
        [userId, limit],
      );
      return r.rows;
    },

    /** Marks the user's own notifications among `ids` as read; others' ids match nothing. */
    async markRead(userId: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await pool.query(
        'update notifications set is_read = true where user_id = $1 and id = any($2::uuid[])',
        [userId, ids],
      );
    },

    /** Deletes the user's notifications among `ids`, or all of them when `ids` is null. */
    async clear(userId: string, ids: readonly string[] | 'all'): Promise<void> {
      if (ids === 'all') {
        await pool.query('delete from notifications where user_id = $1', [userId]);
        return;
      }
      await pool.query('delete from notifications where user_id = $1 and id = any($2::uuid[])', [
        userId,
        ids,
      ]);
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
