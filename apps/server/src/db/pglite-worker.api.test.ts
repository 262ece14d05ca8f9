import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

/**
 * The embedded database runs on a worker thread (db/pglite-worker.ts): a query that takes a
 * while no longer stops the event loop, so every other request (`/status`) is answered meanwhile.
 */
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite', dataDir: null });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** How late a timer of `ms` fires while `work` runs. */
async function timerLateness(work: Promise<unknown>, ms = 20): Promise<number> {
  const started = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const late = performance.now() - started - ms;
  await work;
  return late;
}

describe('PGlite on a worker thread', () => {
  it('keeps the event loop free while a heavy query runs', async () => {
    const heavy = () => db.pool.query('select count(*) from generate_series(1, 1000000)');
    const started = performance.now();
    await heavy();
    const queryMs = performance.now() - started;
    expect(queryMs).toBeGreaterThan(200);
    // On the main thread the timer waited for the whole query.
    expect(await timerLateness(heavy())).toBeLessThan(queryMs / 2);
  });

  it("answers PostgreSQL's errors with their codes, and keeps working after one", async () => {
    await expect(db.pool.query('select $1::text', ['a\u0000b'])).rejects.toMatchObject({
      code: '22021',
    });
    await expect(db.pool.query('select * from no_such_table')).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await db.pool.query<{ n: number }>('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
  });

  it('dumps the database, opens a copy from the dump, and refuses calls after close', async () => {
    await db.pool.query('create table kept (v text)');
    await db.pool.query(`insert into kept values ('from the dump')`);
    const copy = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      loadDataDir: await db.dump!(),
    });
    try {
      expect((await copy.pool.query('select v from kept')).rows).toEqual([{ v: 'from the dump' }]);
    } finally {
      await copy.close();
    }
    await expect(copy.pool.query('select 1')).rejects.toThrow();
  });
});
