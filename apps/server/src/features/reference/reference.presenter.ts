import {
  dataPackageLabel,
  type ProviderMetrics,
  type SubscriptionPlan,
  type SubscriptionPlans,
  type SubscriptionProduct,
} from '@aerie/contract';
import type { metricProviders, metricTypes } from '../../db/fleet-schema.js';

type MetricProviderRow = typeof metricProviders.$inferSelect;
type MetricTypeRow = typeof metricTypes.$inferSelect;

/** Every provider with its metric types, providers without types included (empty list). */
export function presentProviderMetrics(
  providers: MetricProviderRow[],
  types: MetricTypeRow[],
): ProviderMetrics[] {
  return providers.map((p) => ({
    providerShortcode: p.shortcode,
    types: types
      .filter((t) => t.providerShortcode === p.shortcode)
      .map(({ shortcode, name, description, unit }) => ({ shortcode, name, description, unit })),
  }));
}

const sortedDistinct = (values: (string | null)[]): string[] =>
  [...new Set(values.filter((v): v is string => v !== null))].sort((a, b) => a.localeCompare(b));

/**
 * The plans with the metadata lists the subscription forms offer, derived from the catalogue
 * so a list never names something no plan or product has.
 */
export function presentSubscriptionPlans(
  products: SubscriptionProduct[],
  plans: SubscriptionPlan[],
): SubscriptionPlans {
  const limits = [...new Set(products.map((p) => p.dataLimitInGb))].sort((a, b) => a - b);
  return {
    plans,
    dataPackages: limits.map((gb) => ({ dataLimitInGb: gb, name: dataPackageLabel(gb) })),
    regions: sortedDistinct(plans.map((p) => p.region)),
    mobilityTypes: sortedDistinct(plans.map((p) => p.mobilityType)),
    satelliteNetworks: sortedDistinct(plans.map((p) => p.satelliteNetwork)),
    cellularNetworks: sortedDistinct(plans.map((p) => p.cellularNetwork)),
  };
}
