import type pg from 'pg';

/**
 * A pool that answers every query with no rows and keeps what it was sent: repository unit
 * tests read the statements (their text, their prepared name) without a database.
 */
export function recordingPool(): { pool: pg.Pool; sent: pg.QueryConfig[] } {
  const sent: pg.QueryConfig[] = [];
  const pool = {
    query: async (config: pg.QueryConfig) => {
      sent.push(config);
      return { rows: [] };
    },
  } as unknown as pg.Pool;
  return { pool, sent };
}
