import { eq, inArray, sql } from 'drizzle-orm';
import { roleKeys } from '@aerie/contract';
import type { Db } from '../db/database.js';
import { accounts, roles, users } from '../db/schema.js';
import { normalizeEmail } from '../features/users/index.js';
import { hashPassword } from '../identity/passwords.js';
import { DEMO_PASSWORD, demoAccounts, demoUsers } from './demo-identities.js';

/**
 * Reference data every installation needs: the six roles (their permissions are the
 * contract's role table, roles.ts, and live nowhere else),
 * and the provider's own account (named after the brand). Idempotent.
 */
export async function seedReferenceIdentity(
  db: Db,
  brand: string,
): Promise<{ providerAccountId: string }> {
  await db.transaction(async (tx) => {
    for (const key of roleKeys) {
      await tx.insert(roles).values({ key }).onConflictDoNothing();
    }
    const root = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`${accounts.parentId} is null`)
      .limit(1);
    if (!root[0]) {
      await tx.insert(accounts).values({ name: brand, kind: 'provider' });
    } else {
      await tx.update(accounts).set({ name: brand }).where(eq(accounts.id, root[0].id));
    }
  });
  const root = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.parentId} is null`)
    .limit(1);
  return { providerAccountId: root[0]!.id };
}

/**
 * The demo account tree and one user per role (README: "Demo sign-in").
 * Idempotent: existing demo users are left as they are.
 */
export async function seedDemoIdentity(
  db: Db,
  brand: string,
  options: { hash?: (password: string) => Promise<string> } = {},
): Promise<void> {
  const { providerAccountId } = await seedReferenceIdentity(db, brand);
  const accountIds = new Map<string, string>([['provider', providerAccountId]]);
  for (const account of demoAccounts) {
    if (account.kind === 'provider') continue;
    const parentId = accountIds.get(account.parentKey ?? 'provider')!;
    const existing = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`${accounts.name} = ${account.name} and ${accounts.parentId} = ${parentId}`)
      .limit(1);
    const id =
      existing[0]?.id ??
      (
        await db
          .insert(accounts)
          .values({ name: account.name, kind: account.kind, parentId })
          .returning({ id: accounts.id })
      )[0]!.id;
    accountIds.set(account.key, id);
  }
  const roleRows = await db.select({ id: roles.id, key: roles.key }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.key, r.id]));
  // Stored as their login name (users_email_normalized).
  const emailOf = (email: string) => {
    const loginName = normalizeEmail(email);
    if (!loginName) throw new Error(`${email} cannot be a login email`);
    return loginName;
  };
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoUsers.map((u) => emailOf(u.email)),
      ),
    );
  if (existing.length === demoUsers.length) return;
  const passwordHash = await (options.hash ?? hashPassword)(DEMO_PASSWORD);
  for (const u of demoUsers) {
    await db
      .insert(users)
      .values({
        email: emailOf(u.email),
        firstName: u.firstName,
        lastName: u.lastName,
        accountId: accountIds.get(u.accountKey)!,
        roleId: roleId.get(u.role)!,
        loginType: 'Local',
        passwordHash,
      })
      .onConflictDoNothing();
  }
}
