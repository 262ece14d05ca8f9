import type pg from 'pg';
import type { RoleKey } from '@aerie/contract';
import type { accounts, users } from '../../db/schema.js';
import { normalizeEmail } from './email.js';

/** A user with their account's name and role key. */
export type UserRecord = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'accountId'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'loginType'
  | 'passwordHash'
  | 'features'
  | 'disabled'
> & {
  accountName: (typeof accounts.$inferSelect)['name'];
  /** The account's permissions (spec 002 §3). */
  accountPermissions: Pick<
    typeof accounts.$inferSelect,
    | 'configuratorVisible'
    | 'msrpPricesVisible'
    | 'wholesalePricesVisible'
    | 'commercialPriceBook'
    | 'militaryPriceBook'
  >;
  /** roles.key holds one of the contract's role keys (seeded from them). */
  role: RoleKey;
};

const SELECT_USER = `
  select u.id, u.account_id as "accountId", a.name as "accountName", r.key as role, u.email,
         u.first_name as "firstName", u.last_name as "lastName", u.login_type as "loginType",
         u.password_hash as "passwordHash", u.features, u.disabled,
         json_build_object('configuratorVisible', a.configurator_visible,
           'msrpPricesVisible', a.msrp_prices_visible,
           'wholesalePricesVisible', a.wholesale_prices_visible,
           'commercialPriceBook', a.commercial_price_book,
           'militaryPriceBook', a.military_price_book) as "accountPermissions"
  from users u
  join accounts a on a.id = u.account_id
  join roles r on r.id = u.role_id`;

export function createUsersRepository(pool: pg.Pool) {
  return {
    async findById(id: string): Promise<UserRecord | null> {
      const r = await pool.query<UserRecord>(`${SELECT_USER} where u.id = $1 limit 1`, [id]);
      return r.rows[0] ?? null;
    },

    /** The user of a login email in any form (normalizeEmail); null for none or an invalid one. */
    async findByEmail(email: string): Promise<UserRecord | null> {
      const loginName = normalizeEmail(email);
      if (!loginName) return null;
      const r = await pool.query<UserRecord>(`${SELECT_USER} where u.email = $1 limit 1`, [
        loginName,
      ]);
      return r.rows[0] ?? null;
    },

    async settingsOf(userId: string): Promise<unknown> {
      const r = await pool.query<{ settings: unknown }>(
        'select settings from user_settings where user_id = $1 limit 1',
        [userId],
      );
      return r.rows[0]?.settings ?? null;
    },

    /**
     * Merges a change into the stored settings in one statement (jsonb `||`: the change's keys
     * replace the stored ones, the others stay) and returns the stored result. Two changes of
     * different keys at once both land: there is no read-then-write for another request to
     * slip between (PostgreSQL locks the row for the update).
     */
    async mergeSettings(userId: string, change: Record<string, unknown>): Promise<unknown> {
      const r = await pool.query<{ settings: unknown }>(
        `insert into user_settings (user_id, settings) values ($1, $2::jsonb)
         on conflict (user_id) do update
           set settings = case jsonb_typeof(user_settings.settings)
                            when 'object' then user_settings.settings || excluded.settings
                            else excluded.settings end,
               updated_at = now()
         returning settings`,
        [userId, JSON.stringify(change)],
      );
      return r.rows[0]?.settings ?? null;
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await pool.query(
        `update users set password_hash = $2, password_changed_at = now(), updated_at = now()
         where id = $1 and login_type = 'Local'`,
        [userId, passwordHash],
      );
    },

    /** Records a user's activity time, never moving it back (instances may race). */
    async recordActivity(userId: string, at: Date): Promise<void> {
      await pool.query(
        'update users set last_active_at = greatest(last_active_at, $2::timestamptz) where id = $1',
        [userId, at.toISOString()],
      );
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
