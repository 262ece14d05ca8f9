/**
 * What device operations need from the rest of the server, as app.ts passes it in (features
 * never import each other, CONVENTIONS §2): the hub adapter, the jobs lifecycle, notifications
 * and the device as the portal presents it. The hub's shapes mirror features/hub/hub-adapter.ts.
 */
import type {
  Device,
  FinalJobStatus,
  Job,
  JsonObject,
  JsonValue,
  NotificationType,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { AccountScope } from '../../plugins/tenancy.js';

export type NmsType = 'EVOLUTION' | 'DIALOG' | 'NEWTEC';
export type HubOperationKind =
  | 'provision'
  | 'activate'
  | 'deactivate'
  | 'enableCellTraffic'
  | 'disableCellTraffic'
  | 'sync'
  | 'deprovision';
export type HubOperationStatus = 'Pending' | 'Running' | 'Success' | 'Error' | 'PartialSuccess';

export interface DesiredRemote {
  nmsType: NmsType;
  hardware: {
    modemModel: string | null;
    modemSerial: string | null;
    antennaModel: string | null;
    bucModel: string | null;
    hasHybrid: boolean;
  };
  requiredNetworkIds: string[];
  activated: boolean;
  cellTraffic: boolean;
}

export interface RemoteOnHub {
  beams: {
    networkId: string;
    provisioned: boolean;
    activated: boolean;
    provisionedOn: Date | null;
    activatedOn: Date | null;
  }[];
  hybrid: { provisioned: boolean; activated: boolean };
  cellular: { activated: boolean };
}

export interface HubOperationView {
  operationId: string;
  status: HubOperationStatus;
  messages: string[];
}

export interface HubPort {
  getRemoteState(remoteId: string): Promise<RemoteOnHub | null>;
  request(
    remoteId: string,
    kind: HubOperationKind,
    desired: DesiredRemote,
  ): Promise<HubOperationView>;
  getOperation(operationId: string): Promise<HubOperationView | null>;
}

export interface JobsPort {
  get(principal: Principal, id: string): Promise<Job>;
  createJob(
    kind: string,
    accountId: string,
    deviceId: string | null,
    createdBy: string | null,
    payload?: JsonObject,
  ): Promise<Job>;
  markRunning(id: string): Promise<Job>;
  finish(id: string, status: FinalJobStatus, result?: JsonValue | null): Promise<Job>;
}

export type NotifyUser = (
  userId: string,
  input: {
    name: string;
    type: NotificationType;
    label: string;
    entityType?: string;
    entityId?: string;
  },
) => Promise<unknown>;

/** One device as `GET /v2/devices/{id}` presents it, or null outside the scope or deleted. */
export type FindDevice = (scope: AccountScope, id: string) => Promise<Device | null>;

export interface OperationsLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}
