import type pg from 'pg';
import type { accounts } from '../../db/schema.js';

export type AccountRecord = Pick<typeof accounts.$inferSelect, 'id' | 'name' | 'kind' | 'parentId'>;

const COLUMNS = 'a.id, a.name, a.kind, a.parent_id as "parentId"';

export function createAccountsRepository(pool: pg.Pool) {
  return {
    async allIds(): Promise<string[]> {
      const r = await pool.query<{ id: string }>('select id from accounts');
      return r.rows.map((row) => row.id);
    },

    /**
     * The account, its descendants, the accounts shared with the user and
     * their descendants.
     */
    async treeIds(accountId: string, userId: string): Promise<string[]> {
      const r = await pool.query<{ id: string }>(
        `with recursive roots as (
           select $1::uuid as id
           union
           select account_id from account_shares where user_id = $2::uuid
         ), tree as (
           select a.id from accounts a join roots r on a.id = r.id
           union
           select c.id from accounts c join tree t on c.parent_id = t.id
         )
         select id from tree`,
        [accountId, userId],
      );
      return r.rows.map((row) => row.id);
    },

    async listAll(): Promise<AccountRecord[]> {
      const r = await pool.query<AccountRecord>(
        `select ${COLUMNS} from accounts a order by a.name`,
      );
      return r.rows;
    },

    async listByIds(ids: readonly string[]): Promise<AccountRecord[]> {
      if (ids.length === 0) return [];
      const r = await pool.query<AccountRecord>(
        `select ${COLUMNS} from accounts a where a.id = any($1::uuid[]) order by a.name`,
        [ids],
      );
      return r.rows;
    },

    async sharedWith(userId: string): Promise<AccountRecord[]> {
      const r = await pool.query<AccountRecord>(
        `select ${COLUMNS} from account_shares s join accounts a on a.id = s.account_id
         where s.user_id = $1 order by a.name`,
        [userId],
      );
      return r.rows;
    },

    async share(accountId: string, userId: string): Promise<void> {
      await pool.query(
        'insert into account_shares (account_id, user_id) values ($1, $2) on conflict do nothing',
        [accountId, userId],
      );
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
