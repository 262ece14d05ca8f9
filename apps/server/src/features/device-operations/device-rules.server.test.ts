import { describe, expect, it } from 'vitest';
import type { ActiveSubscription, Device } from '@aerie/contract';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import { hubCommandRefusal } from './device-rules.server.js';

const subscription = (over: Partial<ActiveSubscription> = {}): ActiveSubscription =>
  ({
    canProvision: true,
    canActivate: true,
    hasCellular: true,
    networkIdentifiers: ['Dialog'],
    requiresNetworkConfiguration: false,
    ...over,
  }) as ActiveSubscription;

const device = (over: Partial<Device> = {}): Device =>
  ({
    provisioned: true,
    activated: false,
    enableCellTraffic: false,
    syncInProgress: false,
    activeSubscription: subscription(),
    product: null,
    satelliteNetworkConfiguration: null,
    components: [
      { type: 'GeoModem', model: 'GM', assetId: null, serial: 'GM1' },
      { type: 'Antenna', model: 'U8', assetId: null, serial: 'A1' },
      { type: 'BUC', model: 'B', assetId: null, serial: 'B1' },
      { type: 'HybridIccid', model: null, assetId: null, serial: '8944' },
    ],
    ...over,
  }) as Device;

describe('hubCommandRefusal', () => {
  it('provisions only an unprovisioned device whose subscription allows it', () => {
    expect(hubCommandRefusal(device({ provisioned: false }), 'provision')).toBeNull();
    expect(hubCommandRefusal(device(), 'provision')).toBe(M.alreadyProvisioned);
    expect(
      hubCommandRefusal(device({ provisioned: false, activeSubscription: null }), 'provision'),
    ).toBe(M.noActiveSubscription);
    expect(
      hubCommandRefusal(
        device({ provisioned: false, activeSubscription: subscription({ canProvision: false }) }),
        'provision',
      ),
    ).toBe(M.cannotProvision);
  });

  it('activates a provisioned device whose subscription can activate; deactivates an active one', () => {
    expect(hubCommandRefusal(device(), 'activate')).toBeNull();
    expect(hubCommandRefusal(device({ provisioned: false }), 'activate')).toBe(M.notProvisioned);
    expect(
      hubCommandRefusal(
        device({ activeSubscription: subscription({ canActivate: false }) }),
        'activate',
      ),
    ).toBe(M.cannotActivate);
    expect(hubCommandRefusal(device({ activated: true }), 'activate')).toBe(M.alreadyActivated);
    expect(hubCommandRefusal(device(), 'deactivate')).toBe(M.notActivated);
    expect(hubCommandRefusal(device({ activated: true }), 'deactivate')).toBeNull();
  });

  it('switches cell traffic only with cellular service and cell hardware', () => {
    expect(hubCommandRefusal(device(), 'enableCellTraffic')).toBeNull();
    expect(hubCommandRefusal(device(), 'disableCellTraffic')).toBe(M.cellTrafficAlreadyBlocked);
    expect(hubCommandRefusal(device({ enableCellTraffic: true }), 'enableCellTraffic')).toBe(
      M.cellTrafficAlreadyAllowed,
    );
    expect(
      hubCommandRefusal(
        device({ activeSubscription: subscription({ hasCellular: false }) }),
        'enableCellTraffic',
      ),
    ).toBe(M.noCellularService);
    const noSim = device().components.filter((c) => c.type !== 'HybridIccid');
    expect(hubCommandRefusal(device({ components: noSim }), 'enableCellTraffic')).toBe(
      M.noCellHardware,
    );
  });

  it('refuses a sync with every pre-sync error listed', () => {
    expect(hubCommandRefusal(device(), 'syncToHub')).toBeNull();
    const bare = device({ activeSubscription: null, components: [] });
    expect(hubCommandRefusal(bare, 'syncToHub')).toBe(
      'The device cannot be synchronized: The device has no active subscription. The device has no antenna model. The device has no modem serial. The device has no modem model. The device has no BUC model.',
    );
  });
});
