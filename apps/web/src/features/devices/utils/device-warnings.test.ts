import { describe, expect, it } from 'vitest';
import { buildDevice } from '../../../test/device.fixture';
import { deviceWarnings } from './device-warnings';

const kinds = (overrides: Parameters<typeof buildDevice>[0]) =>
  deviceWarnings(buildDevice(overrides)).map((w) => w.kind);

describe('device warnings (spec 001 §2)', () => {
  it('shows none for a subscribed, synchronized, public device with a serial', () => {
    expect(kinds({})).toEqual([]);
  });

  it('warns when the device has no subscription, with the spec text', () => {
    const warnings = deviceWarnings(buildDevice({ activeSubscription: null }));
    expect(warnings).toEqual([
      {
        kind: 'noSubscription',
        text: 'This device does not have a subscription. Desired state is not NMS state.',
      },
    ]);
  });

  it('flags a raw Test3 device only when it has no serial and its name contains test3', () => {
    expect(kinds({ serial: null, name: 'TEST3-a1b2c3' })).toContain('rawTest3');
    expect(kinds({ serial: null, name: 'unit-test3' })).toContain('rawTest3');
    expect(kinds({ serial: 'KNG-1', name: 'test3-a1b2c3' })).not.toContain('rawTest3');
    expect(kinds({ serial: null, name: 'Vessel 7' })).not.toContain('rawTest3');
    const text = deviceWarnings(buildDevice({ serial: null, name: 'test3-x' })).find(
      (w) => w.kind === 'rawTest3',
    )?.text;
    expect(text).toBe('This is a raw Test3 device straight out of the factory...');
  });

  it('warns when the device has no Salesforce asset id', () => {
    const warnings = deviceWarnings(buildDevice({ salesforceAssetId: null }));
    expect(warnings.map((w) => w.text)).toEqual([
      'This device has not been synchronized with Salesforce.',
    ]);
  });

  it("shows 'Privacy Mode Enabled' when private", () => {
    expect(deviceWarnings(buildDevice({ private: true })).map((w) => w.text)).toEqual([
      'Privacy Mode Enabled',
    ]);
  });

  it("lists every warning in the spec's order when all apply", () => {
    expect(
      kinds({
        activeSubscription: null,
        serial: null,
        name: 'test3',
        salesforceAssetId: null,
        private: true,
      }),
    ).toEqual(['noSubscription', 'rawTest3', 'notInSalesforce', 'private']);
  });
});
