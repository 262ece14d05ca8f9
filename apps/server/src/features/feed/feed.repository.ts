import type pg from 'pg';
import type { BrowserMeta, ErrorReport, FeedbackRequest, TelemetryUpload } from '@aerie/contract';
import type { accounts, feedback, users } from '../../db/schema.js';

/** A feedback row with its author's name and account, as staff read it. */
export type FeedbackRecord = Pick<
  typeof feedback.$inferSelect,
  'id' | 'userId' | 'mood' | 'feedback' | 'browserMeta' | 'createdAt'
> &
  Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email'> & {
    accountName: (typeof accounts.$inferSelect)['name'];
  };

export function createFeedRepository(pool: pg.Pool) {
  async function purgeInBatches(sql: string, cutoff: Date, batch: number): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await pool.query(sql, [cutoff.toISOString(), batch]);
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) return total;
    }
  }

  return {
    async insertFeedback(userId: string, accountId: string, f: FeedbackRequest): Promise<void> {
      const browserMeta: BrowserMeta = f.browserMeta;
      await pool.query(
        `insert into feedback (user_id, account_id, mood, feedback, browser_meta)
         values ($1, $2, $3, $4, $5::jsonb)`,
        [userId, accountId, f.mood, f.feedback, JSON.stringify(browserMeta)],
      );
    },

    async feedbackPage(
      skip: number,
      take: number,
    ): Promise<{ items: FeedbackRecord[]; total: number }> {
      const [items, totals] = await Promise.all([
        pool.query<FeedbackRecord>(
          `select f.id, f.user_id as "userId", f.mood, f.feedback, f.browser_meta as "browserMeta",
                  f.created_at as "createdAt", u.first_name as "firstName", u.last_name as "lastName",
                  u.email, a.name as "accountName"
           from feedback f
           join users u on u.id = f.user_id
           join accounts a on a.id = f.account_id
           order by f.created_at desc, f.id desc
           offset $1 limit $2`,
          [skip, take],
        ),
        pool.query<{ total: number }>('select count(*)::int as total from feedback'),
      ]);
      return { items: items.rows, total: totals.rows[0]?.total ?? 0 };
    },

    async insertTelemetry(userId: string, upload: TelemetryUpload): Promise<number> {
      if (upload.events.length === 0) return 0;
      const events = upload.events.map((e) => ({
        occurred_at: new Date(e.timestamp).toISOString(),
        category_name: e.categoryName,
        event_name: e.eventName,
        label: e.label,
        params: e.params,
      }));
      // NOTE: a JSON null becomes an SQL null in jsonb_to_recordset, as a null value did before.
      await pool.query(
        `insert into telemetry_events
           (user_id, occurred_at, category_name, event_name, label, params, user_agent, locale)
         select $1, e.occurred_at, e.category_name, e.event_name, e.label, e.params, $3, $4
         from jsonb_to_recordset($2::jsonb)
           as e(occurred_at timestamptz, category_name text, event_name text, label text, params jsonb)`,
        [userId, JSON.stringify(events), upload.userAgent, upload.locale],
      );
      return upload.events.length;
    },

    /**
     * Keeps a user's newest `keep` telemetry events and deletes the rest (a purge on insert:
     * what one user stores stays bounded whatever they send). Reads at most `keep` entries of
     * the (user_id, received_at) index past the newest.
     */
    async trimTelemetryOfUser(userId: string, keep: number): Promise<number> {
      const { rowCount } = await pool.query(
        `delete from telemetry_events where id in (
           select id from telemetry_events where user_id = $1
            order by received_at desc offset $2)`,
        [userId, keep],
      );
      return rowCount ?? 0;
    },

    /** Keeps a user's newest `keep` error reports (see trimTelemetryOfUser). */
    async trimErrorReportsOfUser(userId: string, keep: number): Promise<number> {
      const { rowCount } = await pool.query(
        `delete from error_reports where id in (
           select id from error_reports where user_id = $1
            order by created_at desc offset $2)`,
        [userId, keep],
      );
      return rowCount ?? 0;
    },

    /**
     * Deletes telemetry received before `cutoff`, at most `batch` rows per statement (short
     * locks, bounded undo), until none is left. Returns how many went.
     */
    async purgeTelemetryBefore(cutoff: Date, batch: number): Promise<number> {
      return purgeInBatches(
        `delete from telemetry_events where id in (
           select id from telemetry_events where received_at < $1 limit $2)`,
        cutoff,
        batch,
      );
    },

    /** Deletes error reports made before `cutoff`, in batches (see purgeTelemetryBefore). */
    async purgeErrorReportsBefore(cutoff: Date, batch: number): Promise<number> {
      return purgeInBatches(
        `delete from error_reports where id in (
           select id from error_reports where created_at < $1 limit $2)`,
        cutoff,
        batch,
      );
    },

    async insertErrorReport(userId: string, report: ErrorReport): Promise<string> {
      const r = await pool.query<{ id: string }>(
        `insert into error_reports (user_id, message, stack, url, user_agent)
         values ($1, $2, $3, $4, $5) returning id`,
        [userId, report.message, report.stack, report.url, report.userAgent],
      );
      return r.rows[0]!.id;
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
