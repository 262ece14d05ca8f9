import { and, eq, sql } from 'drizzle-orm';
import type { RoleKey } from '@aerie/contract';
import type { Db } from '../../db/database.js';
import { accounts, roles, users, userSettings } from '../../db/schema.js';

export interface UserRecord {
  id: string;
  accountId: string;
  accountName: string;
  role: RoleKey;
  email: string;
  firstName: string;
  lastName: string;
  loginType: string;
  passwordHash: string | null;
  features: string[];
  disabled: boolean;
}

function userQuery(db: Db) {
  return db
    .select({
      id: users.id,
      accountId: users.accountId,
      accountName: accounts.name,
      role: roles.key,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      loginType: users.loginType,
      passwordHash: users.passwordHash,
      features: users.features,
      disabled: users.disabled,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(roles, eq(roles.id, users.roleId));
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRecord | null> {
      const rows = await userQuery(db).where(eq(users.id, id)).limit(1);
      return (rows[0] as UserRecord | undefined) ?? null;
    },

    async findByEmail(email: string): Promise<UserRecord | null> {
      const rows = await userQuery(db)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return (rows[0] as UserRecord | undefined) ?? null;
    },

    async settingsOf(userId: string): Promise<unknown> {
      const rows = await db
        .select({ settings: userSettings.settings })
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
        .limit(1);
      return rows[0]?.settings ?? null;
    },

    async saveSettings(userId: string, settings: unknown): Promise<void> {
      await db
        .insert(userSettings)
        .values({ userId, settings })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { settings, updatedAt: new Date() },
        });
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.loginType, 'Local')));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
