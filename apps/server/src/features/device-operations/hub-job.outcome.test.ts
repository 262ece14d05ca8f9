import { describe, expect, it } from 'vitest';
import type { Device } from '@aerie/contract';
import {
  desiredRemoteState,
  flagsFromRemote,
  jobStatusOf,
  outcomeLabel,
  resolveNmsType,
} from './hub-job.outcome.js';

const device = (over: Partial<Device> = {}): Device =>
  ({
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Vessel Aurora',
    activated: false,
    enableCellTraffic: true,
    product: { geoModemModel: 'GM-PRESET', leoModemModel: null, bucModel: 'BUC-PRESET' },
    components: [
      { type: 'GeoModem', model: null, assetId: null, serial: 'GM1' },
      { type: 'Antenna', model: 'U8', assetId: null, serial: 'A1' },
      { type: 'HybridRouter', model: 'HR', assetId: null, serial: 'R1' },
    ],
    ...over,
  }) as Device;

describe('desiredRemoteState', () => {
  it('takes hardware from the components, falling back to the product presets', () => {
    const desired = desiredRemoteState(device(), 'syncToHub', ['NET-2', 'NET-1'], 'EVOLUTION');
    expect(desired).toEqual({
      nmsType: 'EVOLUTION',
      hardware: {
        modemModel: 'GM-PRESET',
        modemSerial: 'GM1',
        antennaModel: 'U8',
        bucModel: 'BUC-PRESET',
        hasHybrid: true,
      },
      requiredNetworkIds: ['NET-1', 'NET-2'],
      activated: false,
      cellTraffic: true,
    });
  });

  it('changes only the part a switch command is about', () => {
    const d = device({ activated: true, enableCellTraffic: false });
    expect(desiredRemoteState(d, 'deactivate', [], 'DIALOG')).toMatchObject({
      activated: false,
      cellTraffic: false,
    });
    expect(desiredRemoteState(d, 'enableCellTraffic', [], 'DIALOG')).toMatchObject({
      activated: true,
      cellTraffic: true,
    });
    expect(desiredRemoteState(device(), 'activate', [], 'DIALOG').activated).toBe(true);
    expect(desiredRemoteState(d, 'disableCellTraffic', [], 'DIALOG').cellTraffic).toBe(false);
  });
});

describe('resolveNmsType', () => {
  it('prefers the subscription’s NMS, then the required beams, then the identifiers', () => {
    expect(resolveNmsType('DIALOG', ['EVOLUTION'], ['Newtec'])).toBe('DIALOG');
    expect(resolveNmsType(null, ['NEWTEC'], ['Evolution'])).toBe('NEWTEC');
    expect(resolveNmsType(null, [], ['Global LTE', 'Dialog'])).toBe('DIALOG');
    expect(resolveNmsType('unknown', [], null)).toBe('EVOLUTION');
  });
});

describe('flagsFromRemote', () => {
  it('reads provisioned and activated from the beams the hub holds', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      flagsFromRemote({
        beams: [
          {
            networkId: 'A',
            provisioned: true,
            activated: false,
            provisionedOn: at,
            activatedOn: null,
          },
          {
            networkId: 'B',
            provisioned: true,
            activated: true,
            provisionedOn: at,
            activatedOn: at,
          },
        ],
        hybrid: { provisioned: true, activated: true },
        cellular: { activated: true },
      }),
    ).toEqual({
      provisioned: true,
      activated: true,
      enableCellTraffic: true,
      hybridProvisioned: true,
      hybridActivated: true,
      cellularActivated: true,
    });
  });

  it('treats a remote the hub does not know as nothing in place', () => {
    expect(Object.values(flagsFromRemote(null)).every((v) => v === false)).toBe(true);
    expect(
      flagsFromRemote({
        beams: [],
        hybrid: { provisioned: false, activated: false },
        cellular: { activated: false },
      }).provisioned,
    ).toBe(false);
  });
});

describe('jobStatusOf and outcomeLabel', () => {
  it('maps only final hub statuses', () => {
    expect(jobStatusOf('Running')).toBeNull();
    expect(jobStatusOf('Pending')).toBeNull();
    expect(jobStatusOf('PartialSuccess')).toBe('PartialSuccess');
  });

  it('names the command, the device and, unless it succeeded, the hub’s reasons', () => {
    expect(outcomeLabel('syncToHub', 'Aurora', 'Success', ['Beam A is in place.'])).toBe(
      'Sync with the hub succeeded for Aurora.',
    );
    expect(outcomeLabel('activate', 'Aurora', 'Error', ['The remote is not provisioned.'])).toBe(
      'Activation failed for Aurora. The remote is not provisioned.',
    );
    expect(outcomeLabel('provision', 'Aurora', 'PartialSuccess', ['A.', 'B.'])).toBe(
      'Provisioning partly succeeded for Aurora. A. B.',
    );
  });
});
