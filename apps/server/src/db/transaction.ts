import type pg from 'pg';

/** Runs `work` on one connection inside BEGIN/COMMIT; rolls back and rethrows on failure. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** What a repository query runs on: the pool, or the connection of a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;
