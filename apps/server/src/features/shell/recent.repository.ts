import type pg from 'pg';
import type { RecentItem, RecentItemKind, RecentResult } from '@aerie/contract';
import { inTransaction, type Queryable } from '../../db/transaction.js';

// Namespace of the per-user advisory locks that serialise read-modify-write of these lists.
const LOCK_NAMESPACE = 7_243_002;

async function lockUser(c: pg.PoolClient, userId: string, list: string): Promise<void> {
  await c.query('select pg_advisory_xact_lock($1, hashtext($2))', [
    LOCK_NAMESPACE,
    `${list}:${userId}`,
  ]);
}

async function readHistory(db: Queryable, userId: string): Promise<string[]> {
  const r = await db.query<{ term: string }>(
    'select term from search_history where user_id = $1 order by position',
    [userId],
  );
  return r.rows.map((row) => row.term);
}

async function readResults(db: Queryable, userId: string): Promise<RecentResult[]> {
  const r = await db.query<RecentResult>(
    `select type, item_id as id, name from recent_results where user_id = $1 order by position`,
    [userId],
  );
  return r.rows;
}

async function readItems(
  db: Queryable,
  userId: string,
  kind: RecentItemKind,
): Promise<RecentItem[]> {
  const r = await db.query<{ id: string; name: string; ts: Date }>(
    `select item_id as id, name, ts from recent_items where user_id = $1 and kind = $2
     order by ts desc`,
    [userId, kind],
  );
  return r.rows.map((row) => ({ id: row.id, name: row.name, ts: row.ts.getTime() }));
}

/**
 * Per-user recent lists. Each `update*` runs the caller's rule on the current
 * list inside one transaction, holding a per-user lock, and stores the result.
 */
export function createRecentRepository(pool: pg.Pool) {
  return {
    searchHistory: (userId: string) => readHistory(pool, userId),
    recentResults: (userId: string) => readResults(pool, userId),
    recentItems: (userId: string, kind: RecentItemKind) => readItems(pool, userId, kind),

    async updateSearchHistory(
      userId: string,
      rule: (current: string[]) => string[],
    ): Promise<string[]> {
      return inTransaction(pool, async (c) => {
        await lockUser(c, userId, 'search_history');
        const next = rule(await readHistory(c, userId));
        await c.query('delete from search_history where user_id = $1', [userId]);
        if (next.length > 0)
          await c.query(
            `insert into search_history (user_id, position, term)
             select $1, n - 1, term from unnest($2::text[]) with ordinality as u(term, n)`,
            [userId, next],
          );
        return next;
      });
    },

    async updateRecentResults(
      userId: string,
      rule: (current: RecentResult[]) => RecentResult[],
    ): Promise<RecentResult[]> {
      return inTransaction(pool, async (c) => {
        await lockUser(c, userId, 'recent_results');
        const next = rule(await readResults(c, userId));
        await c.query('delete from recent_results where user_id = $1', [userId]);
        if (next.length > 0)
          await c.query(
            `insert into recent_results (user_id, position, type, item_id, name)
             select $1, n - 1, type, item_id, name
             from unnest($2::text[], $3::text[], $4::text[]) with ordinality as u(type, item_id, name, n)`,
            [userId, next.map((r) => r.type), next.map((r) => r.id), next.map((r) => r.name)],
          );
        return next;
      });
    },

    async updateRecentItems(
      userId: string,
      kind: RecentItemKind,
      rule: (current: RecentItem[]) => RecentItem[],
    ): Promise<RecentItem[]> {
      return inTransaction(pool, async (c) => {
        await lockUser(c, userId, `recent_items:${kind}`);
        const next = rule(await readItems(c, userId, kind));
        await c.query('delete from recent_items where user_id = $1 and kind = $2', [userId, kind]);
        if (next.length > 0)
          await c.query(
            `insert into recent_items (user_id, kind, item_id, name, ts)
             select $1, $2, item_id, name, ts
             from unnest($3::text[], $4::text[], $5::timestamptz[]) as u(item_id, name, ts)`,
            [
              userId,
              kind,
              next.map((i) => i.id),
              next.map((i) => i.name),
              next.map((i) => new Date(i.ts)),
            ],
          );
        return next;
      });
    },
  };
}
export type RecentRepository = ReturnType<typeof createRecentRepository>;
