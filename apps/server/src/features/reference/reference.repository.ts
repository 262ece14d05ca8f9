import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appState } from '../../db/schema.js';
import {
  componentModels,
  deviceProducts,
  deviceTypes,
  featureTypes,
  hubNetworks,
  metricProviders,
  metricTypes,
  softwareVersions,
  subscriptionPlans,
  subscriptionProducts,
} from '../../db/fleet-schema.js';

/** `app_state` key of the network inventory setting; absent means shown. */
const NETWORK_INVENTORY_VISIBLE_KEY = 'network_inventory_visible';

/**
 * Whole reference tables. They are catalogues of tens to hundreds of rows, read whole and
 * cached by the service; none of them holds tenant data.
 */
export function createReferenceRepository(db: Db) {
  return {
    softwareVersions() {
      return db.select().from(softwareVersions);
    },

    metricProviders() {
      return db.select().from(metricProviders).orderBy(asc(metricProviders.shortcode));
    },

    metricTypes() {
      return db
        .select()
        .from(metricTypes)
        .orderBy(asc(metricTypes.providerShortcode), asc(metricTypes.shortcode));
    },

    featureTypes() {
      return db.select().from(featureTypes).orderBy(asc(featureTypes.id));
    },

    componentModels() {
      return db.select().from(componentModels).orderBy(asc(componentModels.shortcode));
    },

    deviceTypes() {
      return db.select().from(deviceTypes).orderBy(asc(deviceTypes.id));
    },

    deviceProducts() {
      return db.select().from(deviceProducts).orderBy(asc(deviceProducts.productCode));
    },

    subscriptionProducts() {
      return db
        .select()
        .from(subscriptionProducts)
        .orderBy(
          asc(subscriptionProducts.dataLimitInGb),
          asc(subscriptionProducts.hasCellular),
          asc(subscriptionProducts.productCode),
        );
    },

    subscriptionPlans() {
      return db
        .select({ plan: subscriptionPlans })
        .from(subscriptionPlans)
        .innerJoin(
          subscriptionProducts,
          eq(subscriptionProducts.productCode, subscriptionPlans.productCode),
        )
        .orderBy(
          asc(subscriptionProducts.dataLimitInGb),
          asc(subscriptionProducts.hasCellular),
          asc(subscriptionPlans.region),
          asc(subscriptionPlans.mobilityType),
          asc(subscriptionPlans.planCode),
        );
    },

    hubNetworks() {
      return db.select().from(hubNetworks).orderBy(asc(hubNetworks.networkId));
    },

    async networkInventoryVisible(): Promise<boolean> {
      const rows = await db
        .select({ value: appState.value })
        .from(appState)
        .where(eq(appState.key, NETWORK_INVENTORY_VISIBLE_KEY))
        .limit(1);
      return rows[0]?.value !== false;
    },

    async setNetworkInventoryVisible(visible: boolean): Promise<void> {
      await db
        .insert(appState)
        .values({ key: NETWORK_INVENTORY_VISIBLE_KEY, value: visible })
        .onConflictDoUpdate({
          target: appState.key,
          set: { value: visible, updatedAt: new Date() },
        });
    },
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
