import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts, accountShares } from '../../db/schema.js';

export interface AccountRecord {
  id: string;
  name: string;
  kind: 'provider' | 'partner' | 'customer';
  parentId: string | null;
}

const columns = {
  id: accounts.id,
  name: accounts.name,
  kind: accounts.kind,
  parentId: accounts.parentId,
};

export function createAccountsRepository(db: Db) {
  return {
    async allIds(): Promise<string[]> {
      const rows = await db.select({ id: accounts.id }).from(accounts);
      return rows.map((r) => r.id);
    },

    /**
     * The account, its descendants, the accounts shared with the user and
     * their descendants.
     */
    async treeIds(accountId: string, userId: string): Promise<string[]> {
      const result = await db.execute<{ id: string }>(sql`
        with recursive roots as (
          select ${accountId}::uuid as id
          union
          select ${accountShares.accountId} from ${accountShares}
          where ${accountShares.userId} = ${userId}::uuid
        ), tree as (
          select a.id from accounts a join roots r on a.id = r.id
          union
          select c.id from accounts c join tree t on c.parent_id = t.id
        )
        select id from tree`);
      return result.rows.map((r) => r.id);
    },

    async listAll(): Promise<AccountRecord[]> {
      return db.select(columns).from(accounts).orderBy(asc(accounts.name));
    },

    async listByIds(ids: readonly string[]): Promise<AccountRecord[]> {
      if (ids.length === 0) return [];
      return db
        .select(columns)
        .from(accounts)
        .where(inArray(accounts.id, [...ids]))
        .orderBy(asc(accounts.name));
    },

    async sharedWith(userId: string): Promise<AccountRecord[]> {
      return db
        .select(columns)
        .from(accountShares)
        .innerJoin(accounts, eq(accounts.id, accountShares.accountId))
        .where(eq(accountShares.userId, userId))
        .orderBy(asc(accounts.name));
    },

    async share(accountId: string, userId: string): Promise<void> {
      await db.insert(accountShares).values({ accountId, userId }).onConflictDoNothing();
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
