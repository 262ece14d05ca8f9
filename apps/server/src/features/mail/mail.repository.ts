import type pg from 'pg';
import type { mailMessages } from '../../db/schema.js';

type Columns = typeof mailMessages.$inferSelect;

export type MailRow = Pick<
  Columns,
  | 'id'
  | 'kind'
  | 'fromAddress'
  | 'toAddresses'
  | 'replyTo'
  | 'subject'
  | 'body'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'messageId'
  | 'createdAt'
  | 'deliveredAt'
>;

export type NewMail = Pick<Columns, 'kind' | 'fromAddress' | 'toAddresses' | 'subject' | 'body'> &
  Partial<Pick<Columns, 'replyTo' | 'createdBy'>>;

const COLUMNS = `id, kind, from_address as "fromAddress", to_addresses as "toAddresses",
  reply_to as "replyTo", subject, body, status, attempts, last_error as "lastError",
  message_id as "messageId", created_at as "createdAt", delivered_at as "deliveredAt"`;

/** The mail_messages table (docs/decisions/033-mail.md). */
export function createMailRepository(pool: Pick<pg.Pool, 'query'>) {
  return {
    async insert(mail: NewMail): Promise<string> {
      const { rows } = await pool.query<{ id: string }>(
        `insert into mail_messages (kind, from_address, to_addresses, reply_to, subject, body, created_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          mail.kind,
          mail.fromAddress,
          mail.toAddresses,
          mail.replyTo ?? null,
          mail.subject,
          mail.body,
          mail.createdBy ?? null,
        ],
      );
      return rows[0]!.id;
    },

    async find(id: string): Promise<MailRow | null> {
      const { rows } = await pool.query<MailRow>(
        `select ${COLUMNS} from mail_messages where id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },

    /**
     * Records a delivery, once: only a message still queued changes (a second worker that
     * delivered the same message loses the race and changes nothing).
     */
    async delivered(id: string, status: 'sent' | 'stored', messageId: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update mail_messages set status = $2, message_id = $3, attempts = attempts + 1,
           last_error = null, delivered_at = now()
         where id = $1 and status = 'queued'`,
        [id, status, messageId],
      );
      return rowCount === 1;
    },

    /** Records a failed attempt; the message fails for good when `final`. Answers the attempts. */
    async attemptFailed(id: string, error: string, final: boolean): Promise<number> {
      const { rows } = await pool.query<{ attempts: number }>(
        `update mail_messages set attempts = attempts + 1, last_error = $2,
           status = case when $3::boolean then 'failed' else status end
         where id = $1 and status = 'queued' returning attempts`,
        [id, error.slice(0, 2000), final],
      );
      return rows[0]?.attempts ?? 0;
    },

    /** Messages still waiting, oldest first (queued again at start). */
    async queuedIds(limit: number): Promise<string[]> {
      const { rows } = await pool.query<{ id: string }>(
        `select id from mail_messages where status = 'queued' order by created_at limit $1`,
        [limit],
      );
      return rows.map((r) => r.id);
    },

    async page(skip: number, take: number): Promise<{ rows: MailRow[]; count: number }> {
      const [page, total] = await Promise.all([
        pool.query<MailRow>(
          `select ${COLUMNS} from mail_messages order by created_at desc, id desc
           limit $1 offset $2`,
          [take, skip],
        ),
        pool.query<{ n: number }>('select count(*)::int as n from mail_messages'),
      ]);
      return { rows: page.rows, count: total.rows[0]!.n };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
