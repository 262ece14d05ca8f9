import { describe, expect, it } from 'vitest';
import {
  componentModels,
  subscriptionMetadata,
  subscriptionPlans,
  subscriptionProductCode,
  subscriptionProducts,
} from './catalog.js';
import { generateDevice } from './generate-devices.js';

describe('subscription catalogue', () => {
  it('has a product for every subscription code the generator uses', () => {
    const codes = new Set(subscriptionProducts.map((p) => p.productCode));
    const options = { seed: 11, accountCount: 10, now: new Date('2026-11-22T12:00:00Z') };
    for (let i = 0; i < 3000; i++) {
      const d = generateDevice(i, options);
      for (const s of [d.subscription, ...d.pastSubscriptions]) {
        if (s) expect(codes.has(s.productCode), s.productCode).toBe(true);
      }
    }
  });

  it('names codes SVC-{size}-{HYB|SAT}', () => {
    expect(subscriptionProductCode(5, false)).toBe('SVC-005-SAT');
    expect(subscriptionProductCode(240, true)).toBe('SVC-240-HYB');
    expect(subscriptionProductCode(9999, true)).toBe('SVC-UNL-HYB');
  });

  it('offers plans of known products with values from the subscription metadata', () => {
    const codes = new Set(subscriptionProducts.map((p) => p.productCode));
    expect(new Set(subscriptionPlans.map((p) => p.planCode)).size).toBe(subscriptionPlans.length);
    for (const plan of subscriptionPlans) {
      expect(codes.has(plan.productCode)).toBe(true);
      expect(subscriptionMetadata.regions).toContain(plan.region);
      expect(subscriptionMetadata.mobilityTypes).toContain(plan.mobilityType);
      expect(subscriptionMetadata.satelliteNetworks).toContain(plan.satelliteNetwork);
      const hybrid = plan.productCode.endsWith('-HYB');
      if (hybrid) expect(subscriptionMetadata.cellularNetworks).toContain(plan.cellularNetwork);
      else expect(plan.cellularNetwork).toBeNull();
    }
  });

  it('gives every modem model, and only those, a base modem type', () => {
    for (const m of componentModels) {
      const modem = m.componentType === 'GeoModem' || m.componentType === 'LeoModem';
      expect(Boolean(m.baseModemType), m.shortcode).toBe(modem);
    }
  });
});
