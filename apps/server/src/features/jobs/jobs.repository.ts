import type pg from 'pg';
import {
  activeJobStatuses,
  FINISHED_JOBS_LISTED_HOURS,
  type JobStatus,
  type JsonObject,
  type JsonValue,
} from '@aerie/contract';
import type { jobs } from '../../db/fleet-schema.js';
import type { Queryable } from '../../db/transaction.js';
import type { AccountScope } from '../../plugins/tenancy.js';

type JobColumns = typeof jobs.$inferSelect;

export type JobListRow = Pick<
  JobColumns,
  'id' | 'kind' | 'accountId' | 'deviceId' | 'createdOn' | 'progress'
> & {
  /** The column's check constraint holds it to the contract's statuses. */
  status: JobStatus;
};

export type JobRow = JobListRow &
  Pick<JobColumns, 'finishedOn'> & {
    /** jsonb written from the contract's JSON types. */
    payload: JsonObject;
    result: JsonValue | null;
  };

export interface NewJob {
  kind: string;
  accountId: string;
  deviceId: string | null;
  createdBy: string | null;
  payload: JsonObject;
}

const LIST_COLUMNS =
  'id, kind, status, account_id as "accountId", device_id as "deviceId", created_on as "createdOn", progress';
const COLUMNS = `${LIST_COLUMNS}, finished_on as "finishedOn", payload, result`;

/**
 * SQL of the jobs table. Reads are limited to the caller's accounts. Writes take an optional
 * `db`: the connection of a caller's transaction, so a job is created or ended together with
 * the caller's own rows (on PGlite's one connection, a query on the pool inside a transaction
 * would wait for the transaction forever).
 */
export function createJobsRepository(pool: pg.Pool) {
  function scoped(scope: AccountScope, params: unknown[]): string {
    if (scope.all) return 'true';
    params.push(scope.accountIds);
    return `account_id = any($${params.length}::uuid[])`;
  }

  return {
    /** Queued and running jobs and those finished in the last day, newest first. */
    async listRecent(
      scope: AccountScope,
      skip: number,
      take: number,
    ): Promise<{ rows: JobListRow[]; total: number }> {
      const params: unknown[] = [activeJobStatuses, FINISHED_JOBS_LISTED_HOURS];
      const where = `(status = any($1::text[])
          or finished_on > now() - make_interval(hours => $2::int))
        and ${scoped(scope, params)}`;
      const [page, total] = await Promise.all([
        pool.query<JobListRow>(
          `select ${LIST_COLUMNS} from jobs where ${where}
           order by created_on desc, id desc limit ${take} offset ${skip}`,
          params,
        ),
        pool.query<{ n: number }>(`select count(*)::int as n from jobs where ${where}`, params),
      ]);
      return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
    },

    async findById(scope: AccountScope, id: string): Promise<JobRow | null> {
      const params: unknown[] = [id];
      const r = await pool.query<JobRow>(
        `select ${COLUMNS} from jobs where id = $1 and ${scoped(scope, params)}`,
        params,
      );
      return r.rows[0] ?? null;
    },

    /** Inserts a queued job; null when the device is not one of the account's devices. */
    async insert(job: NewJob, db: Queryable = pool): Promise<JobRow | null> {
      const r = await db.query<JobRow>(
        `insert into jobs (kind, account_id, device_id, created_by, status, payload)
         select $1, $2, $3, $4, 'Queued', $5::jsonb
         where $3::uuid is null or exists (select 1 from devices where id = $3 and account_id = $2)
         returning ${COLUMNS}`,
        [job.kind, job.accountId, job.deviceId, job.createdBy, JSON.stringify(job.payload)],
      );
      return r.rows[0] ?? null;
    },

    /**
     * Moves a job to `to` only if it is in one of `from` (one statement, so two workers cannot
     * both finish it). A final status sets the result and the finish time. Null when no row moved.
     */
    async transition(
      id: string,
      from: readonly JobStatus[],
      to: JobStatus,
      final: { result: JsonValue | null } | null,
      db: Queryable = pool,
    ): Promise<JobRow | null> {
      const r = await db.query<JobRow>(
        `update jobs set status = $3,
                result = case when $4 then $5::jsonb else result end,
                finished_on = case when $4 then now() else finished_on end
         where id = $1 and status = any($2::text[])
         returning ${COLUMNS}`,
        [id, from, to, final !== null, final?.result == null ? null : JSON.stringify(final.result)],
      );
      return r.rows[0] ?? null;
    },

    async statusOf(id: string, db: Queryable = pool): Promise<JobStatus | null> {
      const r = await db.query<{ status: JobStatus }>('select status from jobs where id = $1', [
        id,
      ]);
      return r.rows[0]?.status ?? null;
    },

    /** Records how far a running job is (0 to 1); false when the job is not running. */
    async setProgress(id: string, progress: number): Promise<boolean> {
      const r = await pool.query(
        `update jobs set progress = $2 where id = $1 and status = 'Running'`,
        [id, progress],
      );
      return (r.rowCount ?? 0) > 0;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
