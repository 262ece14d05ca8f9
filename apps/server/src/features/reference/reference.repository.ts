import type pg from 'pg';
import type {
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

type SoftwareVersionRow = typeof softwareVersions.$inferSelect;
type MetricProviderRow = typeof metricProviders.$inferSelect;
type MetricTypeRow = typeof metricTypes.$inferSelect;
type FeatureTypeRow = typeof featureTypes.$inferSelect;
type ComponentModelRow = typeof componentModels.$inferSelect;
type DeviceTypeRow = typeof deviceTypes.$inferSelect;
type DeviceProductRow = typeof deviceProducts.$inferSelect;
type SubscriptionProductRow = typeof subscriptionProducts.$inferSelect;
type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;
type HubNetworkRow = typeof hubNetworks.$inferSelect;

/** `app_state` key of the network inventory setting; absent means shown. */
const NETWORK_INVENTORY_VISIBLE_KEY = 'network_inventory_visible';

const PLAN_COLUMNS = `p.plan_code as "planCode", p.product_code as "productCode", p.name, p.region,
  p.mobility_type as "mobilityType", p.satellite_network as "satelliteNetwork",
  p.cellular_network as "cellularNetwork", p.term_months as "termMonths"`;

/**
 * Whole reference tables. They are catalogues of tens to hundreds of rows, read whole and
 * cached by the service; none of them holds tenant data.
 */
export function createReferenceRepository(pool: pg.Pool) {
  const all = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> =>
    (await pool.query<T>(sql)).rows;

  return {
    softwareVersions() {
      // NOTE: a date stays 'YYYY-MM-DD' text (the contract's format); pg would make it a Date.
      return all<SoftwareVersionRow>(
        `select id, version, release_date::text as "releaseDate",
                minimum_required_version as "minimumRequiredVersion"
         from software_versions`,
      );
    },

    metricProviders() {
      return all<MetricProviderRow>(
        'select shortcode, name from metric_providers order by shortcode',
      );
    },

    metricTypes() {
      return all<MetricTypeRow>(
        `select provider_shortcode as "providerShortcode", shortcode, name, description, unit
         from metric_types order by provider_shortcode, shortcode`,
      );
    },

    featureTypes() {
      return all<FeatureTypeRow>(
        'select id, shortcode, name, description, enabled from feature_types order by id',
      );
    },

    componentModels() {
      return all<ComponentModelRow>(
        `select shortcode, name, device_type_id as "deviceTypeId", component_type as "componentType",
                base_modem_type as "baseModemType"
         from component_models order by shortcode`,
      );
    },

    deviceTypes() {
      return all<DeviceTypeRow>('select id, type from device_types order by id');
    },

    deviceProducts() {
      return all<DeviceProductRow>(
        `select product_code as "productCode", name, family, antenna_model as "antennaModel",
                geo_modem_model as "geoModemModel", leo_modem_model as "leoModemModel",
                buc_model as "bucModel", hybrid_router_model as "hybridRouterModel"
         from device_products order by product_code`,
      );
    },

    subscriptionProducts() {
      return all<SubscriptionProductRow>(
        `select product_code as "productCode", name, description, data_limit_gb as "dataLimitInGb",
                has_satellite as "hasSatellite", has_cellular as "hasCellular"
         from subscription_products order by data_limit_gb, has_cellular, product_code`,
      );
    },

    async subscriptionPlans(): Promise<{ plan: SubscriptionPlanRow }[]> {
      const rows = await all<SubscriptionPlanRow>(
        `select ${PLAN_COLUMNS}
         from subscription_plans p
         join subscription_products s on s.product_code = p.product_code
         order by s.data_limit_gb, s.has_cellular, p.region, p.mobility_type, p.plan_code`,
      );
      return rows.map((plan) => ({ plan }));
    },

    hubNetworks() {
      return all<HubNetworkRow>(
        `select network_id as "networkId", network_name as "networkName",
                display_name as "displayName", nms_type as "nmsType", nms_id as "nmsId"
         from hub_networks order by network_id`,
      );
    },

    async networkInventoryVisible(): Promise<boolean> {
      const r = await pool.query<{ value: unknown }>(
        'select value from app_state where key = $1 limit 1',
        [NETWORK_INVENTORY_VISIBLE_KEY],
      );
      return r.rows[0]?.value !== false;
    },

    async setNetworkInventoryVisible(visible: boolean): Promise<void> {
      await pool.query(
        `insert into app_state (key, value) values ($1, $2::jsonb)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [NETWORK_INVENTORY_VISIBLE_KEY, JSON.stringify(visible)],
      );
    },
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
