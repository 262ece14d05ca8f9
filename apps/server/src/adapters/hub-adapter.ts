/**
 * The satellite network hub (NMS) as the portal sees it. A real adapter talks
 * to the hub's API; the embedded default is the HubSimulator. Operations are
 * asynchronous: a request returns an operation that finishes later with
 * Success, Error or PartialSuccess.
 */

export type NmsType = 'EVOLUTION' | 'DIALOG' | 'NEWTEC';

export interface HubBeamState {
  networkId: string;
  provisioned: boolean;
  activated: boolean;
  provisionedOn: Date | null;
  activatedOn: Date | null;
}

export interface HubRemoteState {
  remoteId: string;
  nmsType: NmsType;
  beams: HubBeamState[];
  hybrid: { provisioned: boolean; activated: boolean };
  cellular: { activated: boolean };
}

export interface RemoteHardware {
  modemModel: string | null;
  modemSerial: string | null;
  antennaModel: string | null;
  bucModel: string | null;
  hasHybrid: boolean;
}

/** What the portal wants the hub to hold for a remote; a sync makes the hub match it. */
export interface DesiredRemoteState {
  nmsType: NmsType;
  hardware: RemoteHardware;
  requiredNetworkIds: string[];
  activated: boolean;
  cellTraffic: boolean;
}

export type HubOperationKind =
  | 'provision'
  | 'activate'
  | 'deactivate'
  | 'enableCellTraffic'
  | 'disableCellTraffic'
  | 'sync'
  | 'deprovision';
export type HubOperationStatus = 'Pending' | 'Running' | 'Success' | 'Error' | 'PartialSuccess';
export const FINAL_HUB_STATUSES: readonly HubOperationStatus[] = [
  'Success',
  'Error',
  'PartialSuccess',
];

export interface HubOperation {
  operationId: string;
  remoteId: string;
  kind: HubOperationKind;
  status: HubOperationStatus;
  /** Human-readable outcome lines, one per step that failed or succeeded. */
  messages: string[];
  startedAt: Date;
  finishedAt: Date | null;
}

export interface HubNetworkInfo {
  networkId: string;
  nmsType: NmsType;
  displayName: string;
}

export interface HubAdapter {
  readonly name: string;
  /** The hub's current view of a remote, or null when the hub does not know it. */
  getRemoteState(remoteId: string): Promise<HubRemoteState | null>;
  /** Starts an operation; the returned operation is Pending or Running. */
  request(
    remoteId: string,
    kind: HubOperationKind,
    desired: DesiredRemoteState,
  ): Promise<HubOperation>;
  getOperation(operationId: string): Promise<HubOperation | null>;
  listNetworks(): Promise<HubNetworkInfo[]>;
  /** Liveness and version, for the health page. */
  health(): Promise<{ ok: boolean; version: string }>;
}
