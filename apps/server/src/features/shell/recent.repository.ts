import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RecentItem, RecentItemKind, RecentResult } from '@aerie/contract';
import type { Db } from '../../db/database.js';
import { recentItems, recentResults, searchHistory } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Namespace of the per-user advisory locks that serialise read-modify-write of these lists.
const LOCK_NAMESPACE = 7_243_002;

async function lockUser(tx: Tx, userId: string, list: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${list}:${userId}`}))`,
  );
}

async function readHistory(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ term: searchHistory.term })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(asc(searchHistory.position));
  return rows.map((r) => r.term);
}

async function readResults(db: Db | Tx, userId: string): Promise<RecentResult[]> {
  const rows = await db
    .select({ type: recentResults.type, id: recentResults.itemId, name: recentResults.name })
    .from(recentResults)
    .where(eq(recentResults.userId, userId))
    .orderBy(asc(recentResults.position));
  return rows;
}

async function readItems(db: Db | Tx, userId: string, kind: RecentItemKind): Promise<RecentItem[]> {
  const rows = await db
    .select({ id: recentItems.itemId, name: recentItems.name, ts: recentItems.ts })
    .from(recentItems)
    .where(and(eq(recentItems.userId, userId), eq(recentItems.kind, kind)))
    .orderBy(desc(recentItems.ts));
  return rows.map((r) => ({ id: r.id, name: r.name, ts: r.ts.getTime() }));
}

/**
 * Per-user recent lists. Each `update*` runs the caller's rule on the current
 * list inside one transaction, holding a per-user lock, and stores the result.
 */
export function createRecentRepository(db: Db) {
  return {
    searchHistory: (userId: string) => readHistory(db, userId),
    recentResults: (userId: string) => readResults(db, userId),
    recentItems: (userId: string, kind: RecentItemKind) => readItems(db, userId, kind),

    async updateSearchHistory(
      userId: string,
      rule: (current: string[]) => string[],
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId, 'search_history');
        const next = rule(await readHistory(tx, userId));
        await tx.delete(searchHistory).where(eq(searchHistory.userId, userId));
        if (next.length > 0)
          await tx
            .insert(searchHistory)
            .values(next.map((term, position) => ({ userId, position, term })));
        return next;
      });
    },

    async updateRecentResults(
      userId: string,
      rule: (current: RecentResult[]) => RecentResult[],
    ): Promise<RecentResult[]> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId, 'recent_results');
        const next = rule(await readResults(tx, userId));
        await tx.delete(recentResults).where(eq(recentResults.userId, userId));
        if (next.length > 0)
          await tx.insert(recentResults).values(
            next.map((r, position) => ({
              userId,
              position,
              type: r.type,
              itemId: r.id,
              name: r.name,
            })),
          );
        return next;
      });
    },

    async updateRecentItems(
      userId: string,
      kind: RecentItemKind,
      rule: (current: RecentItem[]) => RecentItem[],
    ): Promise<RecentItem[]> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId, `recent_items:${kind}`);
        const next = rule(await readItems(tx, userId, kind));
        await tx
          .delete(recentItems)
          .where(and(eq(recentItems.userId, userId), eq(recentItems.kind, kind)));
        if (next.length > 0)
          await tx
            .insert(recentItems)
            .values(
              next.map((i) => ({ userId, kind, itemId: i.id, name: i.name, ts: new Date(i.ts) })),
            );
        return next;
      });
    },
  };
}
export type RecentRepository = ReturnType<typeof createRecentRepository>;
