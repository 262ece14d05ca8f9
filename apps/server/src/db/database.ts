import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as coreSchema from './schema.js';
import * as fleetSchema from './fleet-schema.js';

const schema = { ...coreSchema, ...fleetSchema };
import { PgliteStream } from './pglite-stream.js';
import { startPgliteWorker, type PgliteEngine } from './pglite-worker.js';
import { lockDataDir } from './lock.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Connection string of a PostgreSQL server (null for PGlite), for the live bus's dedicated LISTEN connection. */
  url: string | null;
  /** The single access path to the data (ARCHITECTURE §2). */
  pool: pg.Pool;
  db: Db;
  /** A dump of the embedded database (PGlite only; tests use it as a template). */
  dump?: () => Promise<Blob>;
  /** Server version string, for the health page. */
  version(): Promise<string>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Serialises migrations when several instances start against one PostgreSQL.
const MIGRATION_LOCK_ID = 7_243_001;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; max?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A dump (`dumpDataDir`) to start an in-memory database from: tests start from a template. */
      loadDataDir?: Blob;
    };

/**
 * Opens the database and applies pending migrations. `pglite` with a null
 * dataDir is an in-memory database (tests).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let pool: pg.Pool;
  let closeEngine: () => Promise<void> = async () => {};
  let dump: (() => Promise<Blob>) | undefined;
  if (target.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
  } else {
    let release: () => void = () => {};
    if (target.dataDir) release = lockDataDir(target.dataDir);
    let engine: PgliteEngine;
    try {
      // On a worker thread: a heavy query must not stop the event loop (docs/security.md).
      engine = await startPgliteWorker({
        dataDir: target.dataDir ? path.join(target.dataDir, 'pgdata') : 'memory://',
        ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      });
    } catch (error) {
      release();
      throw error;
    }
    // PGlite is one session: one pooled connection keeps transactions whole.
    pool = new pg.Pool({
      max: 1,
      user: 'postgres',
      database: 'postgres',
      stream: () => new PgliteStream(engine),
    });
    closeEngine = async () => {
      await engine.close();
      release();
    };
    dump = () => engine.dumpDataDir('gzip');
  }
  pool.on('error', () => {
    // An idle client failing is reported on its next use; nothing to do here.
  });
  const db = drizzle(pool, { schema });
  try {
    await runMigrations(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    await closeEngine();
    throw error;
  }
  return {
    kind: target.kind,
    url: target.kind === 'postgres' ? target.url : null,
    pool,
    db,
    ...(dump ? { dump } : {}),
    async version() {
      const r = await pool.query<{ v: string }>('select version() as v');
      return r.rows[0]?.v ?? 'unknown';
    },
    async close() {
      await pool.end();
      await closeEngine();
    },
  };
}

async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
