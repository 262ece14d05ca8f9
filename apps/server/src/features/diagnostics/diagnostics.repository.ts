import type pg from 'pg';
import type { DiagnosticProcessingStatus } from '@aerie/contract';
import type { diagnosticEntries, diagnosticFiles } from '../../db/fleet-schema.js';
import { inTransaction, type Queryable } from '../../db/transaction.js';
import type { AccountScope } from '../../plugins/tenancy.js';

type FileColumns = typeof diagnosticFiles.$inferSelect;
type EntryColumns = typeof diagnosticEntries.$inferSelect;

/** A diagnostic file with its uploader's name (null when removed or never known). */
export type DiagnosticFileRow = Omit<FileColumns, 'uploadedBy' | 'status'> & {
  /** The column's check constraint holds it to the contract's statuses. */
  status: DiagnosticProcessingStatus;
  uploadedByName: string | null;
};

export type DiagnosticEntryRow = Pick<EntryColumns, 'path' | 'size' | 'mtime'>;

/** The device whose antenna carries a serial, as the upload answer names it. */
export interface AntennaDeviceRow {
  id: string;
  name: string;
  serial: string | null;
  accountId: string;
}

export type NewDiagnosticFile = Pick<
  FileColumns,
  | 'antennaSerial'
  | 'fileName'
  | 'fileHash'
  | 'fileSize'
  | 'diagnosticCreatedOn'
  | 'accountId'
  | 'deviceId'
  | 'uploadedBy'
>;

// Sizes are bigint, which `pg` answers as strings: the SQL casts them (exact up to 2^53).
const COLUMNS = `f.id, f.antenna_serial as "antennaSerial", f.file_name as "fileName",
  f.file_hash as "fileHash", f.file_size::float8 as "fileSize",
  f.diagnostic_created_on as "diagnosticCreatedOn", f.account_id as "accountId",
  f.device_id as "deviceId", f.uploaded_on as "uploadedOn", f.status,
  f.status_message as "statusMessage", f.job_id as "jobId",
  case when u.id is null then null else u.first_name || ' ' || u.last_name end as "uploadedByName"`;
const FROM = 'diagnostic_files f left join users u on u.id = f.uploaded_by';

/** SQL of diagnostic_files and diagnostic_entries. Reads take the caller's scope. */
export function createDiagnosticsRepository(pool: pg.Pool) {
  function scoped(scope: AccountScope, params: unknown[]): string {
    if (scope.all) return 'true';
    params.push(scope.accountIds);
    return `f.account_id = any($${params.length}::uuid[])`;
  }

  async function one(sql: string, params: unknown[]) {
    return (await pool.query<DiagnosticFileRow>(sql, params)).rows[0] ?? null;
  }

  const byId = (id: string): Promise<DiagnosticFileRow | null> =>
    one(`select ${COLUMNS} from ${FROM} where f.id = $1`, [id]);

  return {
    /** Runs `work` in one transaction (its queries must use the connection it is given). */
    transaction: <T>(work: (db: pg.PoolClient) => Promise<T>) => inTransaction(pool, work),

    /** The device (not deleted) whose Antenna component has this serial; the newest if several. */
    async deviceWithAntenna(serial: string): Promise<AntennaDeviceRow | null> {
      const r = await pool.query<AntennaDeviceRow>(
        `select d.id, d.name, d.serial, d.account_id as "accountId"
           from device_components c join devices d on d.id = c.device_id
          where c.serial = $1 and c.type = 'Antenna' and d.deleted_at is null
          order by d.created_at desc, d.id limit 1`,
        [serial],
      );
      return r.rows[0] ?? null;
    },

    /** The provider's own account (the root of the account tree). */
    /** Files whose processing has not ended (Queued or Processing), oldest first. */
    async unfinishedIds(): Promise<string[]> {
      const r = await pool.query<{ id: string }>(
        `select id from diagnostic_files where status in ('Queued', 'Processing')
          order by uploaded_on, id`,
      );
      return r.rows.map((row) => row.id);
    },

    async providerAccountId(): Promise<string> {
      const r = await pool.query<{ id: string }>(
        "select id from accounts where kind = 'provider' and parent_id is null",
      );
      const id = r.rows[0]?.id;
      if (!id) throw new Error('The provider account is missing.');
      return id;
    },

    /**
     * Inserts a Queued file unless the serial already has one of that name (one statement:
     * two uploads of one name at once store one). Its id, or null for a duplicate.
     */
    async insertFile(db: Queryable, file: NewDiagnosticFile): Promise<string | null> {
      const r = await db.query<{ id: string }>(
        `insert into diagnostic_files
           (antenna_serial, file_name, file_hash, file_size, diagnostic_created_on, account_id,
            device_id, uploaded_by, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'Queued')
         on conflict (antenna_serial, file_name) do nothing
         returning id`,
        [
          file.antennaSerial,
          file.fileName,
          file.fileHash,
          file.fileSize,
          file.diagnosticCreatedOn,
          file.accountId,
          file.deviceId,
          file.uploadedBy,
        ],
      );
      return r.rows[0]?.id ?? null;
    },

    async setJob(db: Queryable, fileId: string, jobId: string): Promise<void> {
      await db.query('update diagnostic_files set job_id = $2 where id = $1', [fileId, jobId]);
    },

    byId,

    /** The file of a serial by its name, within the scope. */
    async byName(
      scope: AccountScope,
      antennaSerial: string,
      fileName: string,
    ): Promise<DiagnosticFileRow | null> {
      const params: unknown[] = [antennaSerial, fileName];
      return one(
        `select ${COLUMNS} from ${FROM}
          where f.antenna_serial = $1 and f.file_name = $2 and ${scoped(scope, params)}`,
        params,
      );
    },

    /** A serial's files within the scope, newest first (by the time in their names). */
    async listBySerial(
      scope: AccountScope,
      antennaSerial: string,
      skip: number,
      take: number,
    ): Promise<{ rows: DiagnosticFileRow[]; total: number }> {
      const params: unknown[] = [antennaSerial];
      const where = `f.antenna_serial = $1 and ${scoped(scope, params)}`;
      const [page, total] = await Promise.all([
        pool.query<DiagnosticFileRow>(
          `select ${COLUMNS} from ${FROM} where ${where}
           order by f.diagnostic_created_on desc, f.id desc limit ${take} offset ${skip}`,
          params,
        ),
        pool.query<{ n: number }>(
          `select count(*)::int as n from diagnostic_files f where ${where}`,
          params,
        ),
      ]);
      return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
    },

    /**
     * A file of this hash within the scope that belongs to the device: one of its antenna
     * serials, or uploaded for it. The newest when several match.
     */
    async byHashForDevice(
      scope: AccountScope,
      fileHash: string,
      deviceId: string,
      antennaSerials: readonly string[],
    ): Promise<DiagnosticFileRow | null> {
      const params: unknown[] = [fileHash, deviceId, antennaSerials];
      return one(
        `select ${COLUMNS} from ${FROM}
          where f.file_hash = $1 and (f.device_id = $2 or f.antenna_serial = any($3::text[]))
            and ${scoped(scope, params)}
          order by f.diagnostic_created_on desc, f.id desc limit 1`,
        params,
      );
    },

    /**
     * Takes a file into processing (Queued, or Processing again after a crash): the row, or
     * null when it is missing or already Ready or Rejected.
     */
    async claim(id: string): Promise<DiagnosticFileRow | null> {
      const r = await pool.query<{ id: string }>(
        `update diagnostic_files set status = 'Processing', status_message = null
          where id = $1 and status in ('Queued', 'Processing') returning id`,
        [id],
      );
      return r.rows[0] ? byId(id) : null;
    },

    /**
     * Records a processed file's entries and marks it Ready, in the caller's transaction;
     * false when the file is no longer Processing (nothing is written then).
     */
    async markReady(
      db: Queryable,
      id: string,
      entries: readonly DiagnosticEntryRow[],
    ): Promise<boolean> {
      const r = await db.query(
        `update diagnostic_files set status = 'Ready', status_message = null
          where id = $1 and status = 'Processing'`,
        [id],
      );
      if ((r.rowCount ?? 0) === 0) return false;
      await db.query('delete from diagnostic_entries where file_id = $1', [id]);
      await db.query(
        `insert into diagnostic_entries (file_id, path, size, mtime)
         select $1, e.path, e.size, e.mtime
           from unnest($2::text[], $3::bigint[], $4::timestamptz[]) as e(path, size, mtime)`,
        [id, entries.map((e) => e.path), entries.map((e) => e.size), entries.map((e) => e.mtime)],
      );
      return true;
    },

    /** Marks a file Rejected with why, unless it already ended; false when it had. */
    async markRejected(db: Queryable, id: string, message: string): Promise<boolean> {
      const r = await db.query(
        `update diagnostic_files set status = 'Rejected', status_message = $2
          where id = $1 and status in ('Queued', 'Processing')`,
        [id, message],
      );
      return (r.rowCount ?? 0) > 0;
    },

    /** One file of a Ready bundle's contents: its size and time, or null. */
    async entry(fileId: string, path: string): Promise<DiagnosticEntryRow | null> {
      const r = await pool.query<DiagnosticEntryRow>(
        'select path, size::float8 as size, mtime from diagnostic_entries where file_id = $1 and path = $2',
        [fileId, path],
      );
      return r.rows[0] ?? null;
    },

    /** Every file of a Ready bundle's contents, by path. */
    async entries(fileId: string): Promise<DiagnosticEntryRow[]> {
      const r = await pool.query<DiagnosticEntryRow>(
        'select path, size::float8 as size, mtime from diagnostic_entries where file_id = $1 order by path',
        [fileId],
      );
      return r.rows;
    },
  };
}
export type DiagnosticsRepository = ReturnType<typeof createDiagnosticsRepository>;
