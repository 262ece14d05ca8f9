import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { accounts } from '../db/schema.js';
import * as fleet from '../db/fleet-schema.js';
import * as catalog from '../simulators/demo-fleet/catalog.js';
import { demoNetworkTemplates } from '../simulators/demo-fleet/network-templates.js';
import { demoAccounts } from './demo-identities.js';

/**
 * The subscription catalogue (products and plans) and the base modem types of the demo.
 * Idempotent and cheap, so it also runs on a data directory seeded before these existed.
 */
export async function seedSubscriptionCatalog(db: Db): Promise<void> {
  await db
    .insert(fleet.subscriptionProducts)
    .values([...catalog.subscriptionProducts])
    .onConflictDoNothing();
  await db
    .insert(fleet.subscriptionPlans)
    .values([...catalog.subscriptionPlans])
    .onConflictDoNothing();
  for (const model of catalog.componentModels) {
    if (!model.baseModemType) continue;
    await db
      .update(fleet.componentModels)
      .set({ baseModemType: model.baseModemType })
      .where(
        and(
          eq(fleet.componentModels.shortcode, model.shortcode),
          isNull(fleet.componentModels.baseModemType),
        ),
      );
  }
}

/**
 * The demo's network templates, where their key has none yet (templates edited in the portal
 * stay). Idempotent, so a data directory seeded before templates existed gets them too.
 */
export async function seedNetworkTemplates(db: Db): Promise<void> {
  await db.insert(fleet.networkTemplates).values(demoNetworkTemplates()).onConflictDoNothing();
}

type AccountPermissions = Pick<
  typeof accounts.$inferInsert,
  | 'configuratorVisible'
  | 'msrpPricesVisible'
  | 'wholesalePricesVisible'
  | 'commercialPriceBook'
  | 'militaryPriceBook'
>;

const everything: AccountPermissions = {
  configuratorVisible: true,
  msrpPricesVisible: true,
  wholesalePricesVisible: true,
  commercialPriceBook: true,
  militaryPriceBook: true,
};

/** Demo account permissions (spec 002 §3) by demo account key; the others keep none. */
const demoPermissions: Record<string, AccountPermissions> = {
  provider: everything,
  partner: { ...everything, militaryPriceBook: false },
  northwind: { configuratorVisible: true, msrpPricesVisible: true, commercialPriceBook: true },
  'northwind-fleet-a': { configuratorVisible: true, msrpPricesVisible: true },
};

/**
 * Grants the demo accounts their permissions, and the configurator with MSRP prices to every
 * third generated customer. Runs when the fleet is first generated, so later edits stay.
 */
export async function seedAccountPermissions(db: Db, generatedCustomers: string[]): Promise<void> {
  for (const [key, permissions] of Object.entries(demoPermissions)) {
    const account = demoAccounts.find((a) => a.key === key);
    if (!account) continue;
    await db
      .update(accounts)
      .set(permissions)
      .where(
        account.kind === 'provider'
          ? eq(accounts.kind, 'provider')
          : eq(accounts.name, account.name),
      );
  }
  const chosen = generatedCustomers.filter((_, i) => i % 3 === 0);
  if (chosen.length === 0) return;
  await db
    .update(accounts)
    .set({ configuratorVisible: true, msrpPricesVisible: true, commercialPriceBook: true })
    .where(and(inArray(accounts.name, chosen), eq(accounts.kind, 'customer')));
}
