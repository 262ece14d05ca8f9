/**
 * What device operations need from the rest of the server, as its context passes it in (features
 * never import each other, CONVENTIONS §2): the hub adapter, the jobs lifecycle, notifications
 * and the device as the portal presents it. The hub's shapes are the adapter's own
 * (`adapters/hub-adapter.ts`, shared by the hub feature, this feature and the simulator).
 */
import type {
  FinalJobStatus,
  Job,
  JsonObject,
  JsonValue,
  NotificationEntityType,
  NotificationType,
} from '@aerie/contract';
import type {
  DesiredRemoteState,
  HubOperation,
  HubOperationKind,
  HubOperationStatus,
  HubRemoteState,
  NmsType,
} from '../../adapters/hub-adapter.js';
import type { Principal } from '../../plugins/auth.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';

export type { HubOperationKind, HubOperationStatus, NmsType };

/** What the portal asks the hub to hold for a remote. */
export type DesiredRemote = DesiredRemoteState;
/** The hub's view of a remote, as far as the outcome of a job needs it. */
export type RemoteOnHub = Pick<HubRemoteState, 'beams' | 'hybrid' | 'cellular'>;
export type HubOperationView = Pick<HubOperation, 'operationId' | 'status' | 'messages'>;
/** The part of the hub adapter device operations use (the shared services hold the `HubAdapter`). */
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
    entityType?: NotificationEntityType;
    entityId?: string;
  },
) => Promise<unknown>;

/** One device as `GET /v2/devices/{id}` presents it, or null outside the scope or deleted. */
export type FindDevice = DeviceInScope;

export interface OperationsLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}
