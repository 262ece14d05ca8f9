import { describe, expect, it } from 'vitest';
import { deviceProducts } from './catalog.js';
import { generateDevice, uniqueSerialNumber, type DemoDevice } from './generate-devices.js';
import { isLuhnValid } from './random.js';

const options = { seed: 2026, accountCount: 25, now: new Date('2026-11-22T12:00:00Z') };
const fleet: DemoDevice[] = Array.from({ length: 3000 }, (_, i) => generateDevice(i, options));
const share = (predicate: (d: DemoDevice) => boolean) =>
  fleet.filter(predicate).length / fleet.length;

describe('generateDevice', () => {
  it('is deterministic for a seed and index', () => {
    expect(generateDevice(17, options)).toEqual(generateDevice(17, options));
    expect(generateDevice(17, { ...options, seed: 1 })).not.toEqual(generateDevice(17, options));
  });

  it('spreads devices over every product family and account', () => {
    expect(new Set(fleet.map((d) => d.product.family))).toEqual(
      new Set(['Hawk', 'Peregrine', 'Goshawk', 'Osprey']),
    );
    expect(new Set(fleet.map((d) => d.accountIndex)).size).toBe(25);
    expect(new Set(fleet.map((d) => d.product.productCode)).size).toBe(deviceProducts.length);
  });

  it("puts every device's beams on one hub, with some devices on two beams of it", () => {
    for (const d of fleet)
      expect(new Set(d.beams.map((b) => b.network.nmsId)).size).toBeLessThanOrEqual(1);
    expect(share((d) => d.beams.filter((b) => b.isRequired).length === 2)).toBeGreaterThan(0.1);
  });

  it('mixes site kinds with coordinates on the globe', () => {
    for (const kind of ['maritime', 'landMobile', 'fixed'] as const)
      expect(share((d) => d.site.kind === kind)).toBeGreaterThan(0.15);
    for (const d of fleet) {
      expect(Math.abs(d.site.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(d.site.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('has online and offline devices, a few private ones and a few never synchronized with the CRM', () => {
    expect(share((d) => d.satelliteOnline === true)).toBeGreaterThan(0.4);
    expect(share((d) => d.satelliteOnline === false)).toBeGreaterThan(0.1);
    expect(share((d) => d.private)).toBeGreaterThan(0.003);
    expect(share((d) => d.private)).toBeLessThan(0.05);
    expect(share((d) => d.salesforceAssetId === null)).toBeGreaterThan(0.005);
  });

  it('never gives two devices the same serial', () => {
    const serials = fleet.map((d) => d.serial).filter((s): s is string => s !== null);
    expect(new Set(serials).size).toBe(serials.length);
    const numbers = new Set(Array.from({ length: 200_000 }, (_, i) => uniqueSerialNumber(i * 5)));
    expect(numbers.size).toBe(200_000);
  });

  it('makes a few raw test3 devices with no serial and no components', () => {
    const raw = fleet.filter((d) => d.serial === null);
    expect(raw.length).toBeGreaterThan(0);
    for (const d of raw) {
      expect(d.name).toMatch(/^test3-/);
      expect(d.components).toEqual([]);
    }
  });

  it('gives subscriptions from 5 to 240 GB and unlimited, with a few malformed', () => {
    const limits = new Set(
      fleet.map((d) => d.subscription?.dataLimitInGb).filter((v) => v !== undefined),
    );
    for (const gb of [5, 240, 9999]) expect(limits.has(gb)).toBe(true);
    const malformed = fleet.filter(
      (d) =>
        d.subscription &&
        (d.subscription.dataLimitInGb === null ||
          d.subscription.networkIdentifiers === null ||
          d.subscription.nmsId === null),
    );
    expect(malformed.length).toBeGreaterThan(0);
    expect(malformed.length / fleet.length).toBeLessThan(0.06);
  });

  it('gives hybrid terminals valid IMEI and ICCID numbers', () => {
    const hybrid = fleet.filter((d) => d.components.some((c) => c.type === 'HybridImei'));
    expect(hybrid.length).toBeGreaterThan(100);
    for (const d of hybrid) {
      for (const c of d.components.filter(
        (c) => c.type === 'HybridImei' || c.type === 'HybridIccid',
      ))
        expect(isLuhnValid(c.serial)).toBe(true);
    }
  });

  it('only activates provisioned devices and only provisions devices with a subscription', () => {
    for (const d of fleet) {
      if (d.activated) expect(d.provisioned).toBe(true);
      if (d.provisioned) expect(d.subscription).not.toBeNull();
    }
  });

  it('leaves some hub states out of sync and some network configurations invalid', () => {
    expect(share((d) => d.beams.some((b) => b.isRequired !== b.isActuallyOn))).toBeGreaterThan(
      0.02,
    );
    expect(
      share(
        (d) =>
          d.networkConfig !== null && d.networkConfig.dhcpGateway !== d.networkConfig.eth0IpAddress,
      ),
    ).toBeGreaterThan(0.005);
  });

  it('gives every active subscription an end after the generation time', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    for (let index = 0; index < 500; index++) {
      const d = generateDevice(index, { seed: 3, accountCount: 10, now });
      if (d.subscription) expect(d.subscription.endDate.getTime()).toBeGreaterThan(now.getTime());
      for (const past of d.pastSubscriptions) {
        expect(past.endDate.getTime()).toBeLessThanOrEqual(d.subscription!.startDate.getTime());
      }
    }
  });
});
