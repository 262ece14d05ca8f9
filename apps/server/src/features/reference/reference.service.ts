import {
  api,
  availableSoftwareUpdates,
  compareSoftwareVersions,
  type BaseModemType,
  type DeviceProduct,
  type SoftwareVersion,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { AccessRule, Authorize } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { NotFoundError } from '../../plugins/errors.js';
import { cachedTable } from './reference-cache.js';
import { referenceMessages } from './reference.messages.js';
import { presentProviderMetrics, presentSubscriptionPlans } from './reference.presenter.js';
import type { ReferenceRepository } from './reference.repository.js';

/**
 * Reference data is the same for every caller allowed into the portal; changing installation
 * settings is for Super User and {brand} Admin (spec 002 §6, Admin Network).
 */
export function createReferenceService(
  repo: ReferenceRepository,
  caches: CacheRegistry,
  authorize: Authorize,
) {
  const r = api.reference;
  /** A whole catalogue, for the callers of its endpoint. */
  function forCaller<T>(
    rule: AccessRule,
    load: () => Promise<T>,
  ): (principal: Principal) => Promise<T> {
    return async (principal) => {
      await authorize(principal, rule);
      return load();
    };
  }

  // Tables are cached under the cache-clear kind whose data they describe (spec 000 §4).
  const softwareVersions = cachedTable(caches, 'device', 'software-versions', async () =>
    (await repo.softwareVersions()).sort((a, b) => compareSoftwareVersions(a.version, b.version)),
  );
  const deviceModels = cachedTable(caches, 'device', 'device-models', () => repo.componentModels());
  const deviceProducts = cachedTable(
    caches,
    'device',
    'device-products',
    async () => new Map((await repo.deviceProducts()).map((p) => [p.productCode, p])),
  );
  const beams = cachedTable(caches, 'remote', 'beams', () => repo.hubNetworks());
  const networkInventoryVisible = cachedTable(caches, 'remote', 'network-inventory-visible', () =>
    repo.networkInventoryVisible(),
  );

  return {
    metricProviders: forCaller(
      r.metricProviders.access,
      cachedTable(caches, 'device', 'metric-providers', () => repo.metricProviders()),
    ),
    metrics: forCaller(
      r.metrics.access,
      cachedTable(caches, 'device', 'metrics', async () =>
        presentProviderMetrics(await repo.metricProviders(), await repo.metricTypes()),
      ),
    ),
    antennaFeatures: forCaller(
      r.antennaFeatures.access,
      cachedTable(caches, 'device', 'feature-types', () => repo.featureTypes()),
    ),
    deviceModels: forCaller(r.deviceModels.access, deviceModels),
    deviceTypes: forCaller(
      r.deviceTypes.access,
      cachedTable(caches, 'device', 'device-types', () => repo.deviceTypes()),
    ),
    subscriptionProducts: forCaller(
      r.subscriptionProducts.access,
      cachedTable(caches, 'subscription', 'subscription-products', () =>
        repo.subscriptionProducts(),
      ),
    ),
    subscriptionPlans: forCaller(
      r.subscriptionPlans.access,
      cachedTable(caches, 'subscription', 'subscription-plans', async () =>
        presentSubscriptionPlans(
          await repo.subscriptionProducts(),
          (await repo.subscriptionPlans()).map((r) => r.plan),
        ),
      ),
    ),
    beams: forCaller(r.beams.access, beams),

    /**
     * `GET /v3/info/softwareVersions`: the releases newer than the device's version, oldest
     * first. Without a version (the device never checked in) there is nothing to offer
     * (spec 001 §5: the target version dropdown stays empty until the first check-in).
     */
    async softwareVersions(
      principal: Principal,
      currentVersion: string | undefined,
    ): Promise<SoftwareVersion[]> {
      await authorize(principal, r.softwareVersions.access);
      return availableSoftwareUpdates(await softwareVersions(), currentVersion);
    },

    /** `GET /v2/info/products/{id}`: the device product with that product code. */
    async product(principal: Principal, productCode: string): Promise<DeviceProduct> {
      await authorize(principal, r.product.access);
      const product = (await deviceProducts()).get(productCode);
      if (!product) throw new NotFoundError(referenceMessages.productNotFound);
      return product;
    },

    /** `GET /v2/info/nmstypes`: the hub types the installation's networks run on. */
    async nmsTypes(principal: Principal): Promise<string[]> {
      await authorize(principal, r.nmsTypes.access);
      return [...new Set((await beams()).map((b) => b.nmsType))].sort();
    },

    /** `GET /v2/info/basemodemtype/{modemType}`: by modem model shortcode, case-insensitive. */
    async baseModemType(principal: Principal, modemType: string): Promise<BaseModemType> {
      await authorize(principal, r.baseModemType.access);
      const wanted = modemType.toUpperCase();
      const model = (await deviceModels()).find((m) => m.shortcode.toUpperCase() === wanted);
      if (!model?.baseModemType) throw new NotFoundError(referenceMessages.modemTypeNotFound);
      return { modemType: model.shortcode, baseModemType: model.baseModemType };
    },

    async networkInventoryVisible(principal: Principal): Promise<boolean> {
      await authorize(principal, r.networkInventoryVisible.access);
      return networkInventoryVisible();
    },

    /** Changes the setting and drops the "remote" caches on every instance. */
    async setNetworkInventoryVisible(principal: Principal, visible: boolean): Promise<boolean> {
      await authorize(principal, r.setNetworkInventoryVisible.access);
      await repo.setNetworkInventoryVisible(visible);
      await caches.clear('remote');
      return visible;
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
