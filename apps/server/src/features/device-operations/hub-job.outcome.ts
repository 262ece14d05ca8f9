import {
  effectiveModel,
  hasHybridHardware,
  type Device,
  type FinalJobStatus,
  type HubCommand,
} from '@aerie/contract';
import type {
  DesiredRemote,
  HubOperationKind,
  HubOperationStatus,
  NmsType,
  RemoteOnHub,
} from './device-operations.ports.js';
import { HUB_COMMAND_TITLES } from './device-operations.messages.js';

/** The hub operation a command asks for. */
export const HUB_OPERATION_OF: Readonly<Record<HubCommand, HubOperationKind>> = {
  provision: 'provision',
  activate: 'activate',
  deactivate: 'deactivate',
  enableCellTraffic: 'enableCellTraffic',
  disableCellTraffic: 'disableCellTraffic',
  syncToHub: 'sync',
};

const NMS_TYPES: readonly NmsType[] = ['EVOLUTION', 'DIALOG', 'NEWTEC'];
const isNmsType = (v: string | null | undefined): v is NmsType =>
  (NMS_TYPES as readonly (string | null | undefined)[]).includes(v);

/**
 * The NMS the remote lives on: the subscription's NMS, else the NMS of its required beams,
 * else the network named in the subscription's identifiers ("Evolution", "Dialog", "Newtec").
 */
export function resolveNmsType(
  subscriptionNmsType: string | null,
  requiredBeamNmsTypes: readonly string[],
  networkIdentifiers: readonly string[] | null,
): NmsType {
  if (isNmsType(subscriptionNmsType)) return subscriptionNmsType;
  const fromBeams = requiredBeamNmsTypes.find(isNmsType);
  if (fromBeams) return fromBeams;
  const named = (networkIdentifiers ?? []).map((n) => n.toUpperCase()).find(isNmsType);
  return named ?? 'EVOLUTION';
}

/**
 * What the portal asks the hub to hold. The device's flags are what the hub last confirmed;
 * a switch command changes only its own part of that state.
 */
export function desiredRemoteState(
  device: Device,
  command: HubCommand,
  requiredNetworkIds: readonly string[],
  nmsType: NmsType,
): DesiredRemote {
  const serialOf = (type: 'GeoModem') =>
    device.components.find((c) => c.type === type)?.serial ?? null;
  return {
    nmsType,
    hardware: {
      modemModel: effectiveModel(device, 'GeoModem'),
      modemSerial: serialOf('GeoModem'),
      antennaModel: effectiveModel(device, 'Antenna'),
      bucModel: effectiveModel(device, 'BUC'),
      hasHybrid: hasHybridHardware(device),
    },
    requiredNetworkIds: [...requiredNetworkIds].sort(),
    activated: command === 'activate' ? true : command === 'deactivate' ? false : device.activated,
    cellTraffic:
      command === 'enableCellTraffic'
        ? true
        : command === 'disableCellTraffic'
          ? false
          : device.enableCellTraffic,
  };
}

/** The device's flags as the hub holds the remote (null: the hub does not know it). */
export interface DeviceHubFlags {
  provisioned: boolean;
  activated: boolean;
  enableCellTraffic: boolean;
  hybridProvisioned: boolean;
  hybridActivated: boolean;
  cellularActivated: boolean;
}

export function flagsFromRemote(remote: RemoteOnHub | null): DeviceHubFlags {
  return {
    provisioned: remote?.beams.some((b) => b.provisioned) ?? false,
    activated: remote?.beams.some((b) => b.activated) ?? false,
    enableCellTraffic: remote?.cellular.activated ?? false,
    hybridProvisioned: remote?.hybrid.provisioned ?? false,
    hybridActivated: remote?.hybrid.activated ?? false,
    cellularActivated: remote?.cellular.activated ?? false,
  };
}

/** A final hub status is the job's final status; anything else did not end. */
export function jobStatusOf(status: HubOperationStatus): FinalJobStatus | null {
  return status === 'Success' || status === 'Error' || status === 'PartialSuccess' ? status : null;
}

/** The notification's label: which command, on which device, how it ended and why not. */
export function outcomeLabel(
  command: HubCommand,
  deviceName: string,
  status: FinalJobStatus,
  messages: readonly string[],
): string {
  const title = HUB_COMMAND_TITLES[command];
  // A success needs no explanation (the job's result keeps the hub's lines).
  const reasons = status !== 'Success' && messages.length ? ` ${messages.join(' ')}` : '';
  const how = { Success: 'succeeded', PartialSuccess: 'partly succeeded', Error: 'failed' }[status];
  return `${title} ${how} for ${deviceName}.${reasons}`;
}
